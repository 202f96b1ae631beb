import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the server and while it hydrates pre-rendered HTML, true after.
 * UI that depends on the browser only (the query string of a pre-rendered page, localStorage)
 * waits for it, so the first client render matches the server HTML exactly.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
