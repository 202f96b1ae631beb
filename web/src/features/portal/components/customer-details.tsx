import type { CustomerDetails } from '@app/shared/entities';
import { formatUsPhone } from '@app/shared/phone';
import { REACH_SECTION_TITLE } from '@app/shared/reach-channels';
import { ACCOUNT_ID_LABEL } from '@app/shared/texts';
import { REACH_SECTION_ID } from './reach-section';

interface CustomerDetailsProps {
  details: CustomerDetails | undefined;
  /** From the session, shown until (or if) the details cannot be loaded. */
  fallback: { email: string; phone: string };
}

/** docs/product.md §2: Account ID (the account number, not the internal id), name, email and phone of the signed-in customer. */
export function CustomerDetailsCard({ details, fallback }: CustomerDetailsProps) {
  const p = details?.properties;
  const name = [p?.firstname, p?.lastname].filter(Boolean).join(' ');
  const phone = p?.phone || fallback.phone;
  const rows: Array<[string, string]> = [
    [ACCOUNT_ID_LABEL, details?.accountNumber ?? '—'],
    ['Name', name || '—'],
    ['Email', p?.email || fallback.email || '—'],
    ['Phone', phone ? formatUsPhone(phone) : '—'],
  ];
  return (
    <section className="card customer-details" aria-labelledby="customer-details-title">
      <h2 id="customer-details-title">Your details</h2>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="fine-print">
        <a href={`#${REACH_SECTION_ID}`}>{REACH_SECTION_TITLE}</a>: your choices about texts and e-mail.
      </p>
    </section>
  );
}
