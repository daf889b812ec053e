import { AD_CITY_KEYS, AD_PLACEMENTS, type AdPlacement, CAMPAIGN_PHASES, type CampaignPhase, cityName } from '@app/shared/ads';
import { Input } from '../../../components/ui/form/controls';
import { describedBy, Field } from '../../../components/ui/form/field';
import { type FilterField, FilterSelects } from '../../../components/ui/form/filter-select';
import { useT } from '../../../lib/i18n';
import { adsReviewMessages } from '../messages';

export type CampaignChoices = {
  phase: 'all' | CampaignPhase;
  placement: 'all' | AdPlacement;
  city: 'all' | (typeof AD_CITY_KEYS)[number];
};

interface CampaignFiltersProps {
  choices: CampaignChoices;
  onChoices: (changes: Partial<CampaignChoices>) => void;
  from: string | null;
  to: string | null;
  onPeriod: (changes: { from?: string | null; to?: string | null }) => void;
}

const labelClass = 'mb-1 block text-xs font-medium text-slate-600';

/** Statut, Emplacement, Ville, then 'Période du … au …': each applies at once (the URL keeps them). */
export function CampaignFilters({ choices, onChoices, from, to, onPeriod }: CampaignFiltersProps) {
  const t = useT(adsReviewMessages);
  const fields: FilterField<CampaignChoices>[] = [
    {
      key: 'phase',
      label: t('filterPhase'),
      options: [
        { value: 'all', label: t('all') },
        ...CAMPAIGN_PHASES.map((phase) => ({ value: phase, label: t(`phase.${phase}`) })),
      ],
    },
    {
      key: 'placement',
      label: t('filterPlacement'),
      options: [
        { value: 'all', label: t('allPlacements') },
        ...AD_PLACEMENTS.map((placement) => ({ value: placement, label: t(`placement.${placement}`) })),
      ],
    },
    {
      key: 'city',
      label: t('filterCity'),
      options: [{ value: 'all', label: t('allCities') }, ...AD_CITY_KEYS.map((city) => ({ value: city, label: cityName(city) }))],
    },
  ];
  const periodError = from && to && to < from ? t('periodInvalid') : undefined;
  return (
    <div className="grid grid-cols-1 gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-3 lg:grid-cols-5">
      <FilterSelects idPrefix="campaign" className="contents" fields={fields} values={choices} onChange={onChoices} />
      <div className="grid grid-cols-2 gap-2 sm:col-span-3 lg:col-span-2">
        <Field id="campaign-from" label={t('from')} labelClassName={labelClass}>
          <Input
            id="campaign-from"
            type="date"
            value={from ?? ''}
            onChange={(event) => onPeriod({ from: event.target.value || null })}
          />
        </Field>
        <Field id="campaign-to" label={t('to')} labelClassName={labelClass} error={periodError}>
          <Input
            id="campaign-to"
            type="date"
            value={to ?? ''}
            min={from ?? undefined}
            onChange={(event) => onPeriod({ to: event.target.value || null })}
            {...describedBy('campaign-to', periodError)}
          />
        </Field>
      </div>
    </div>
  );
}
