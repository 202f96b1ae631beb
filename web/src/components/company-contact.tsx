import { formatUsPhone } from '@app/shared/phone';
import { COMPANY, OPENING_HOURS } from '../lib/company';

/** "Call (404) 555-0100" as a tel: link, with the hours people can call. */
export function CallUs({ lead = 'Questions? Call' }: { lead?: string }) {
  return (
    <p className="call-us">
      {lead} <a href={`tel:${COMPANY.phone}`}>{formatUsPhone(COMPANY.phone)}</a>
      <br />
      <span className="fine-print">{OPENING_HOURS}</span>
    </p>
  );
}
