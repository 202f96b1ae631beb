/** Whether the visitor asked the system for less motion; read at the moment it matters. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
