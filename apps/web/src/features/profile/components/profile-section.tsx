import { type ReactNode, useId } from 'react';

/** One section of 'Mon profil': a card with its title (the section's name for screen readers) and a hint. */
export function ProfileSection({
  title,
  hint,
  id,
  children,
}: {
  title: string;
  hint?: ReactNode;
  /** The section's anchor (`/mon-compte/profil#appareils`). */
  id?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {hint ? <p className="mt-1 text-sm text-slate-700">{hint}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
