import { addressLine, type Company } from '@app/shared/company';
import { formatUsPhone } from '@app/shared/phone';
import type { EmailCompany } from './templates/layout';

/** The footer of every e-mail, from the company's configuration and the public site's address (PUBLIC_URL). */
export function emailCompany(company: Company, publicUrl: string): EmailCompany {
  return { name: company.name, phone: formatUsPhone(company.phone), address: addressLine(company), email: company.email, websiteUrl: publicUrl };
}
