import { COMPANY, OPENING_HOURS, PHONE_DISPLAY } from '../lib/company';

/** "Call (404) 555-0100" as a tel: link, with the hours people can call. */
export function CallUs({ lead = 'Questions? Call' }: { lead?: string }) {
  return (
    <p className="call-us">
      {lead} <a href={`tel:${COMPANY.phone}`}>{PHONE_DISPLAY}</a>
      <br />
      <span className="fine-print">{OPENING_HOURS}</span>
    </p>
  );
}
