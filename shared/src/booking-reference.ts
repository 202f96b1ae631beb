/**
 * A deal's short reference as people read it out: 'ATL-' and 4 or more characters of an
 * alphabet without look-alikes (no 0/O or 1/I/L), made by the database (migration
 * 20261202080000). Staff search accepts it in any case, with a dash or a space.
 */
const REFERENCE = /^ATL[-\s]([2-9A-HJKMNP-Z]{4,7})$/;

/** 'atl-7k3f' or 'ATL 7K3F' → 'ATL-7K3F'; null when the text is not a reference ('Atlanta' is a name). */
export function parseBookingReference(text: string): string | null {
  const match = REFERENCE.exec(text.trim().toUpperCase());
  return match ? `ATL-${match[1]}` : null;
}
