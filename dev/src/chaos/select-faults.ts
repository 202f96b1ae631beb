/**
 * The faults to run, by number (1-based), from the command line: none given runs them all, in
 * order. Throws on anything but a fault's number.
 */
export function selectFaults(args: readonly string[], count: number): number[] {
  if (args.length === 0) return Array.from({ length: count }, (_, i) => i + 1);
  const chosen = args.map((arg) => (/^\d+$/.test(arg) ? Number(arg) : NaN));
  const wrong = args.filter((_, i) => !(chosen[i]! >= 1 && chosen[i]! <= count));
  if (wrong.length > 0) throw new Error(`no fault ${wrong.join(', ')}: name faults by their numbers, 1 to ${count} (npm run chaos -- 1 3)`);
  return [...new Set(chosen)].sort((a, b) => a - b);
}
