import { formatEastern } from '@app/shared/eastern-time';

/** An ISO instant from the API as the staff tools show it: Eastern Time (DESIGN: times in Eastern). */
export function easternFromIso(iso: string | null | undefined): string {
  if (!iso) return '—';
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? iso : `${formatEastern(instant)} ET`;
}
