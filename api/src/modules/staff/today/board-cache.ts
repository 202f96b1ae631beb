/**
 * The today board is the same for every staff member, and an office has many of them looking at
 * it at once. Its lists are computed once per version of the data they come from and shared:
 * everyone asking while a version is being computed waits for that one computation. Only the
 * latest version is kept.
 */
export function createSharedComputation<T>() {
  let latest: { key: string; value: Promise<T> } | null = null;
  return {
    get(key: string, compute: () => Promise<T>): Promise<T> {
      if (latest?.key === key) return latest.value;
      const entry = { key, value: compute() };
      latest = entry;
      // A failure is not kept: the next request computes again.
      entry.value.catch(() => {
        if (latest === entry) latest = null;
      });
      return entry.value;
    },
  };
}
export type SharedComputation<T> = ReturnType<typeof createSharedComputation<T>>;
