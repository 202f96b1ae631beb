const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An amount in cents as people read it: 12345 → "$123.45". */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}
