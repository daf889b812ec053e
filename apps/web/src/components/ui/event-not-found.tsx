import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** 'Événement introuvable': someone else's event, or none (the API's 404). */
export function EventNotFound({ title, hint, linkLabel }: { title: string; hint: string; linkLabel: string }) {
  return (
    <div role="alert" className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="font-medium text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{hint}</p>
      <Link to={paths.organiser.events} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
        {linkLabel}
      </Link>
    </div>
  );
}
