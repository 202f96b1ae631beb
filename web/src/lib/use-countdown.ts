import { useEffect, useState } from 'react';

const secondsLeft = (until: number | null, now: number) => (until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000)));

/** Whole seconds until `until` (epoch ms), ticking once a second while above zero; 0 for null. */
export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(until, now);
  useEffect(() => {
    if (until === null) return undefined;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return left;
}
