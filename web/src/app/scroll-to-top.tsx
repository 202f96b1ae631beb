import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { prefersReducedMotion } from '../lib/prefers-reduced-motion';

/** Spec §2: a change of path scrolls the page to the top, smoothly unless motion is reduced. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [pathname]);
  return null;
}
