// A touch, click or key means the visitor is about to use the page: its code is needed now.
const FIRST_USE = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Calls `start` once, after the page has loaded and painted, or at the visitor's first touch,
 * click or key if that comes sooner. A pre-rendered page paints from its HTML and stylesheet; its
 * scripts only make it interactive, so on a slow phone connection they wait instead of sharing the
 * bandwidth with the stylesheet and the first picture.
 */
export function afterFirstPaint(start: () => void): void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_USE) removeEventListener(type, startOnce, true);
    start();
  };
  for (const type of FIRST_USE) addEventListener(type, startOnce, { capture: true, passive: true });
  // A hidden tab paints nothing (and runs no animation frames): it starts at once.
  const afterNextPaint = () => (document.visibilityState === 'hidden' ? startOnce() : requestAnimationFrame(() => setTimeout(startOnce)));
  if (document.readyState === 'complete') afterNextPaint();
  else addEventListener('load', afterNextPaint, { once: true });
}
