/** Whole-dollar display of integer cents: 14900 → "$149" (prices here have no cents). */
export function formatDollars(cents: number): string {
  const dollars = cents / 100;
  return `$${dollars.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}
