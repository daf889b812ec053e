import type { AdminCampaignDetail } from '@app/shared/ads';
import { cityName } from '@app/shared/ads';
import { formatDate } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { adsReviewMessages } from '../messages';

/**
 * How the promoted event shows: an agenda card (its image if any, its title, its date and its
 * city) marked 'Sponsorisé'. A picture of the card, not a link: the event's page is in the facts.
 */
export function CampaignPreview({ campaign }: { campaign: AdminCampaignDetail }) {
  const t = useT(adsReviewMessages);
  const { event } = campaign;
  return (
    <section aria-labelledby="campaign-preview-title" className="space-y-2">
      <h3 id="campaign-preview-title" className="text-sm font-semibold text-slate-900">
        {t('preview')}
      </h3>
      <p className="text-xs text-slate-600">{t('previewHint', { label: t('sponsored') })}</p>
      <div
        className="max-w-xs overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        data-testid="campaign-preview"
      >
        {event.image ? (
          <img src={event.image} alt="" width={320} height={240} loading="lazy" className="aspect-[4/3] w-full object-cover" />
        ) : (
          <div aria-hidden="true" className="h-2 w-full bg-brand-500" />
        )}
        <div className="p-4">
          <p className="mb-1">
            <span className="inline-block rounded-full bg-accent-500 px-2 py-0.5 text-xs font-bold text-slate-900">
              {t('sponsored')}
            </span>
          </p>
          <p className="text-lg font-semibold [overflow-wrap:anywhere] text-slate-900">{event.title}</p>
          <p className="mt-1 text-slate-700">
            {formatDate(event.startDateTime, { dateStyle: 'medium', timeStyle: 'short' })} · {cityName(event.city)}
          </p>
        </div>
      </div>
    </section>
  );
}
