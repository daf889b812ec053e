import { useEffect, useState } from 'react';
import { TESTIMONIALS } from './landing-content';

export const TESTIMONIAL_INTERVAL_MS = 5000;

/**
 * Seven testimonials, the shown one changing every 5 s. A click (or Enter) on a name shows that
 * one. Rotation pauses while the pointer is over the block or focus is inside it, can be paused
 * with its button, and never starts under `prefers-reduced-motion`.
 */
export function TestimonialsSection() {
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(true);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const rotating = !reducedMotion && !paused && !hovered && !focused;
  // `current` restarts the 5 s after a click, so a chosen testimonial stays its full time.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => setCurrent((index) => (index + 1) % TESTIMONIALS.length), TESTIMONIAL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, current]);

  const shown = TESTIMONIALS[current] ?? TESTIMONIALS[0];
  return (
    <section
      aria-labelledby="temoignages-title"
      className="py-16"
      data-testid="testimonials"
      data-rotating={rotating ? 'true' : 'false'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="mx-auto max-w-4xl px-4">
        <h2 id="temoignages-title" className="text-center text-3xl font-bold text-slate-900">
          Ils attendent le lancement
        </h2>
        <figure
          className="mx-auto mt-8 min-h-44 max-w-2xl rounded-2xl bg-brand-50 p-6 text-center sm:p-8"
          aria-live={rotating ? 'off' : 'polite'}
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
              aria-pressed={index === current}
              onClick={() => setCurrent(index)}
              className={`min-h-11 rounded-full border px-3 text-sm font-medium ${
                index === current
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-brand-700'
              }`}
            >
              {item.name}
            </button>
          ))}
        </div>
        {/* Always the same height, so the button appearing after hydration moves nothing. */}
        <p className="mt-4 flex h-11 justify-center">
          {!reducedMotion && (
            <button
              type="button"
              onClick={() => setPaused((value) => !value)}
              className="min-h-11 px-3 text-sm text-brand-800 underline underline-offset-4"
            >
              {paused ? 'Reprendre le défilement' : 'Mettre le défilement en pause'}
            </button>
          )}
        </p>
      </div>
    </section>
  );
}
