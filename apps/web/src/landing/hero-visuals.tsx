/** The landing page's drawn parts: the feature icons and the hero's preview of upcoming events. */
export const FEATURE_ICONS = [
  'M12 5v14M5 12h14',
  'M4 20l4-1 11-11-3-3L5 16z',
  'M8 12h8M14 8l4 4-4 4',
  'M7 10a3 3 0 1 0 0-.1M17 10a3 3 0 1 0 0-.1M3 19c1-3 7-3 8 0M13 19c1-3 7-3 8 0',
  'M5 19V11M11 19V6M17 19v-5',
];

export function Icon({ path }: { path: string }) {
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}

const PREVIEW_EVENTS = [
  { title: 'Concert live au bord du Wouri', place: 'Douala', when: 'Sam. · 20 h', tag: 'Concert', color: 'bg-accent-500' },
  { title: 'Festival des saveurs', place: 'Yaoundé', when: 'Dim. · 12 h', tag: 'Gastronomie', color: 'bg-emerald-500' },
  { title: 'Rencontre des entrepreneurs', place: 'Bafoussam', when: 'Jeu. · 18 h', tag: 'Business', color: 'bg-sky-500' },
];

/** A decorative glimpse of the app on wide screens; hidden from assistive technology. */
export function HeroPreview() {
  return (
    <div aria-hidden="true" className="hidden rounded-[2rem] border-8 border-slate-900 bg-white p-4 shadow-2xl lg:block">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Cette semaine près de chez vous</p>
      <ul className="mt-3 space-y-3">
        {PREVIEW_EVENTS.map((event) => (
          <li key={event.title} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
            <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold text-slate-900 ${event.color}`}>
              {event.tag}
            </span>
            <p className="mt-2 font-semibold text-slate-900">{event.title}</p>
            <p className="text-sm text-slate-600">
              {event.place} · {event.when}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The public landing page `/` (spec §2), rendered by the server with its live values; the
 * browser adds only the islands of `islands.ts` (decision 011).
 */
