import { CALL_THE_OFFICE } from '@app/shared/cleaner-home';
import { formatUsPhone } from '@app/shared/phone';
import { useCleanerDay } from '../api/get-cleaner-day';

/** The office's phone as a tel: link, one tap from anywhere on My day (the day's answer carries it). */
export function CallTheOffice({ date }: { date: string }) {
  const day = useCleanerDay(date);
  if (!day.data) return null;
  const phone = day.data.officePhone;
  return (
    <p className="cleaner-office">
      <a className="button button--ghost" href={`tel:${phone}`}>
        {CALL_THE_OFFICE}
      </a>{' '}
      <span className="muted">{formatUsPhone(phone)}</span>
    </p>
  );
}
