import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs`: the 24-hour lock must engage while the page stays
 * open, not only when the deals are fetched again.
 */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
