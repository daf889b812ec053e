import { TESTIMONIALS } from './landing-content';

/**
 * Seven testimonials, the first shown; `islands.ts` rotates them every 5 s, selects one on click
 * and shows the pause button (hidden until then, so nothing moves: its line keeps its height).
 */
export function TestimonialsSection() {
  const shown = TESTIMONIALS[0];
  return (
    <section aria-labelledby="temoignages-title" className="py-16" data-testid="testimonials" data-rotating="false">
      <div className="mx-auto max-w-4xl px-4">
        <h2 id="temoignages-title" className="text-center text-3xl font-bold text-slate-900">
          Ils attendent le lancement
        </h2>
        <figure
          className="mx-auto mt-8 min-h-44 max-w-2xl rounded-2xl bg-brand-50 p-6 text-center sm:p-8"
          aria-live="polite"
          data-testid="testimonial-current"
        >
          <blockquote className="text-lg text-slate-800 sm:text-xl">« {shown.text} »</blockquote>
          <figcaption className="mt-4 font-semibold text-brand-800">
            {shown.name}, {shown.city}
          </figcaption>
        </figure>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-2">
          {TESTIMONIALS.map((item, index) => (
            <button
              key={item.name}
              type="button"
              aria-pressed={index === 0}
              className={`min-h-11 rounded-full border px-3 text-sm font-medium ${
                index === 0
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-brand-700'
              }`}
            >
              {item.name}
            </button>
          ))}
        </div>
        <p className="mt-4 flex h-11 justify-center">
          <button
            type="button"
            data-pause=""
            hidden
            className="min-h-11 px-3 text-sm text-brand-800 underline underline-offset-4"
          >
            Mettre le défilement en pause
          </button>
        </p>
      </div>
    </section>
  );
}
