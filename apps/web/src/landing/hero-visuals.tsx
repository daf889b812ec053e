import { LineIcon } from '../components/ui/line-icon';

/** The landing page's drawn parts: the feature icons and the hero's drawing (a calendar and a map, no event). */
export const FEATURE_ICONS = [
  'M12 5v14M5 12h14',
  'M4 20l4-1 11-11-3-3L5 16z',
  'M8 12h8M14 8l4 4-4 4',
  'M7 10a3 3 0 1 0 0-.1M17 10a3 3 0 1 0 0-.1M3 19c1-3 7-3 8 0M13 19c1-3 7-3 8 0',
  'M5 19V11M11 19V6M17 19v-5',
];

export function Icon({ path }: { path: string }) {
  return <LineIcon path={path} size={24} />;
}

/** Days of the drawn calendar that carry a dot: a drawing, not dates of real events. */
const MARKED_DAYS = new Set([4, 9, 17, 19, 24]);

/**
 * A drawing on wide screens, hidden from assistive technology: a phone showing a calendar and a
 * map with pins, shapes only. It has no titles, places or dates, so no one can take it for an
 * event (issue 25: the real next events are in « Prochains évènements », just below).
 */
export function HeroPreview() {
  return (
    <div
      aria-hidden="true"
      data-testid="hero-drawing"
      className="hidden rounded-[2rem] border-8 border-slate-900 bg-white p-4 shadow-2xl lg:block"
    >
      <svg viewBox="0 0 288 392" width="288" height="392" className="h-auto w-full" role="presentation">
        <rect x="0" y="0" width="288" height="184" rx="16" className="fill-brand-50" />
        <rect x="0" y="0" width="288" height="40" rx="16" className="fill-brand-700" />
        <rect x="0" y="24" width="288" height="16" className="fill-brand-700" />
        <rect x="24" y="14" width="72" height="12" rx="6" className="fill-brand-100" />
        {Array.from({ length: 28 }, (_, index) => {
          const day = index + 1;
          const x = 22 + (index % 7) * 38;
          const y = 56 + Math.floor(index / 7) * 31;
          return (
            <g key={day}>
              <rect
                x={x}
                y={y}
                width="30"
                height="24"
                rx="6"
                className={MARKED_DAYS.has(day) ? 'fill-white' : 'fill-brand-100'}
              />
              {MARKED_DAYS.has(day) && <circle cx={x + 15} cy={y + 12} r="5" className="fill-accent-500" />}
            </g>
          );
        })}
        <rect x="0" y="200" width="288" height="192" rx="16" className="fill-brand-100" />
        <path d="M0 268 C80 250 120 320 288 290" className="fill-none stroke-white" strokeWidth="14" />
        <path d="M96 200 C110 260 80 330 120 392" className="fill-none stroke-white" strokeWidth="10" />
        <path d="M200 200 L220 392" className="fill-none stroke-white" strokeWidth="8" />
        <path
          d="M150 236 a26 26 0 0 1 26 26 c0 20 -26 46 -26 46 s-26 -26 -26 -46 a26 26 0 0 1 26 -26z"
          className="fill-accent-500"
        />
        <circle cx="150" cy="262" r="9" className="fill-white" />
        <path
          d="M60 300 a16 16 0 0 1 16 16 c0 12 -16 28 -16 28 s-16 -16 -16 -28 a16 16 0 0 1 16 -16z"
          className="fill-brand-700"
        />
        <circle cx="60" cy="316" r="6" className="fill-white" />
        <path
          d="M236 318 a16 16 0 0 1 16 16 c0 12 -16 28 -16 28 s-16 -16 -16 -28 a16 16 0 0 1 16 -16z"
          className="fill-brand-700"
        />
        <circle cx="236" cy="334" r="6" className="fill-white" />
      </svg>
    </div>
  );
}

/**
 * The public landing page `/`, rendered by the server with its live values; the
 * browser adds only the islands of `islands.ts` (decision 011).
 */
