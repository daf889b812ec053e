import { launchAnswer } from '@app/shared/launch';
import { FAQ_GROUPS, LAUNCH_QUESTION } from './landing-content';

/**
 * Six questions in two groups, one answer open at a time; the launch date comes from the settings. Native <details> sharing one `name`
 * keep a single answer open even without JavaScript; `islands.ts` does it for browsers that do
 * not know exclusive <details> yet.
 */
export function FaqSection({ launchDate, today }: { launchDate: string; today: string }) {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-16 bg-slate-50 py-16">
      <div className="mx-auto max-w-3xl px-4">
        <h2 id="faq-title" className="text-center text-3xl font-bold text-slate-900">
          Questions fréquentes
        </h2>
        {FAQ_GROUPS.map((group) => (
          <div key={group.title} className="mt-10">
            <h3 className="text-xl font-semibold text-brand-800">{group.title}</h3>
            <div className="mt-4 space-y-3">
              {group.items.map((item) => (
                <details key={item.q} name="faq" data-faq="" className="group rounded-lg border border-slate-200 bg-white">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-4 font-medium text-slate-900 [&::-webkit-details-marker]:hidden">
                    {item.q}
                    <span
                      aria-hidden="true"
                      className="text-xl leading-none text-brand-700 transition-transform group-open:rotate-45"
                    >
                      +
                    </span>
                  </summary>
                  <p className="px-4 pb-4 text-slate-700">
                    {item.q === LAUNCH_QUESTION ? launchAnswer(launchDate, today) : item.a}
                  </p>
                </details>
              ))}
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
