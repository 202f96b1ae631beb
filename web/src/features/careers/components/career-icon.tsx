import type { SVGProps } from 'react';

const base: SVGProps<SVGSVGElement> = {
  viewBox: '0 0 24 24',
  width: 28,
  height: 28,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
};

/** docs/product.md §3: a listing's icon is 'Truck' or anything else (the default: a cleaning spray bottle). */
export function CareerIcon({ kind }: { kind: 'truck' | 'default' }) {
  return kind === 'truck' ? (
    <svg {...base}>
      <path d="M2 6h11v10H2zM13 10h4l4 4v2h-8z" />
      <circle cx="6" cy="18" r="2" />
      <circle cx="17" cy="18" r="2" />
    </svg>
  ) : (
    <svg {...base}>
      <path d="M9 8h5l1 3v10H8V11z" />
      <path d="M10 8V5h4M14 5l4-2M18 6h2M18 9l2 1" />
    </svg>
  );
}
