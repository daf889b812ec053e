import type { LandingEvent } from '@app/shared/public-pages';

/**
 * The next public events (at most 6, highlighted ones first, from the server render), each a link
 * to its page.
 */
export function NextEvents({ events, adsScript }: { events: LandingEvent[]; adsScript?: string | null }) {
  return (
    <section aria-labelledby="prochains-title" className="py-12">
      <div className="mx-auto max-w-6xl px-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="prochains-title" className="text-3xl font-bold text-slate-900">
            Prochains évènements
          </h2>
          <a className="font-semibold text-brand-800 underline underline-offset-4" href="/evenements">
            Voir tout l’agenda
          </a>
        </div>
        {events.length > 0 ? (
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="next-events">
            {events.map((event) => (
              <li
                key={event.href}
                data-ad={event.campaignId}
                className="relative overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
              >
                {event.image ? (
                  <img
                    src={event.image.src}
                    alt=""
                    width={event.image.width}
                    height={event.image.height}
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] w-full object-cover"
                  />
                ) : (
                  <div aria-hidden="true" className="h-2 w-full bg-brand-500" />
                )}
                <div className="p-4">
                  {event.campaignId ? (
                    <p className="mb-1">
                      <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
                        Sponsorisé
                      </span>
                    </p>
                  ) : (
                    event.highlighted && (
                      <p className="mb-1">
                        <span className="inline-block rounded-full bg-accent-500 px-2 py-0.5 text-xs font-bold text-slate-900">
                          À la une
                        </span>
                      </p>
                    )
                  )}
                  <h3 className="text-lg font-semibold text-slate-900">
                    <a href={event.href} className="after:absolute after:inset-0">
                      {event.title}
                    </a>
                  </h3>
                  <p className="mt-1 text-slate-700">
                    {event.when} · {event.city}
                  </p>
                  <p className="mt-1 font-semibold text-brand-800">{event.price}</p>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-slate-700">
            Aucun évènement à venir pour le moment. Concerts, festivals, conférences : ils paraîtront ici et dans l’agenda.
          </p>
        )}
      </div>
      {adsScript && <script type="module" src={adsScript} />}
    </section>
  );
}
