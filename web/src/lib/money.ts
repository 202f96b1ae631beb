/** Dollars of integer cents as prices are written: 14900 → "$149", 31410 → "$314.10". */
export function formatDollars(cents: number): string {
  const dollars = cents / 100;
  const fraction = cents % 100 === 0 ? 0 : 2;
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: fraction, maximumFractionDigits: fraction })}`;
}
