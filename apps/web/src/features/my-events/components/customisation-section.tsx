import {
  ACCENT_COLOR_IDS,
  ACCENT_COLORS,
  type AccentColor,
  COVER_LAYOUTS,
  type CoverLayout,
  SHORT_ADDRESS_MAX,
  SHORT_ADDRESS_PREFIX,
  shortAddressProblem,
} from '@app/shared/events';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Input } from '../../../components/ui/form/controls';
import { describedBy } from '../../../components/ui/form/field';
import { localize, useLanguage, useT } from '../../../lib/i18n';
import { checkShortAddress } from '../api/customisation';
import { customisationMessages } from '../customisation-messages';

/** What the form sends of the customisation (null: the default look, or no short address). */
export interface CustomisationValues {
  accentColor: AccentColor | null;
  coverLayout: CoverLayout | null;
  shortAddress: string;
}

/** Where the premium page is (the organiser space's 'Premium', issue 28). */
export const PREMIUM_PATH = '/mon-compte/premium';

type Availability = { state: 'idle' } | { state: 'checking' } | { state: 'done'; available: boolean; message: string };

interface Props {
  idPrefix: string;
  allowed: boolean;
  eventId: string | undefined;
  values: CustomisationValues;
  onChange: (values: CustomisationValues) => void;
  /** The server's refusal of the short address (taken meanwhile), shown under it. */
  shortAddressError: string | null;
  /** Stored but not shown: the organiser's premium ended (decision 056). */
  keptNotShown: boolean;
}

/**
 * 'Personnalisation' of the event form (issue 28 item 1, decision 056): for premium accounts the
 * accent colour (radio swatches with their names), the cover layout and the short address with
 * its whole address and whether it is free; for the others what it would do and 'Passer à Premium'.
 */
export function CustomisationSection({ idPrefix, allowed, eventId, values, onChange, shortAddressError, keptNotShown }: Props) {
  const t = useT(customisationMessages);
  const language = useLanguage();
  const origin = window.location.origin;
  const address = values.shortAddress.trim().toLowerCase();
  const availability = useAvailability(allowed ? address : '', eventId);

  if (!allowed) {
    return (
      <div className="space-y-3" data-testid="customisation-upsell">
        <p className="text-sm text-slate-800">{t('upsell', { example: `${origin}${SHORT_ADDRESS_PREFIX}mon-gala` })}</p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t('upsellColour')}</li>
          <li>{t('upsellLayout')}</li>
          <li>{t('upsellAddress')}</li>
        </ul>
        {keptNotShown ? <p className="text-sm text-slate-700">{t('kept')}</p> : null}
        <Link to={PREMIUM_PATH} className={buttonClass('primary', 'md')}>
          {t('goPremium')}
        </Link>
      </div>
    );
  }

  const addressId = `${idPrefix}-short-address`;
  const localProblem = address ? shortAddressProblem(address) : null;
  const shownProblem = shortAddressError ?? localProblem;
  const preview = `${origin}${SHORT_ADDRESS_PREFIX}${address || t('addressPlaceholder')}`;
  const radio = 'size-4 shrink-0 accent-slate-900';
  const option =
    'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-slate-900 has-[:checked]:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700';

  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800">{t('colour')}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          <label className={option}>
            <input
              type="radio"
              className={radio}
              name={`${idPrefix}-accent`}
              checked={values.accentColor === null}
              onChange={() => onChange({ ...values, accentColor: null })}
            />
            <span aria-hidden="true" className="size-6 shrink-0 rounded-full border border-slate-300 bg-brand-700" />
            {t('defaultColour')}
          </label>
          {ACCENT_COLOR_IDS.map((id) => (
            <label key={id} className={option}>
              <input
                type="radio"
                className={radio}
                name={`${idPrefix}-accent`}
                value={id}
                checked={values.accentColor === id}
                onChange={() => onChange({ ...values, accentColor: id })}
              />
              <span
                aria-hidden="true"
                className="size-6 shrink-0 rounded-full border border-slate-300"
                style={{ backgroundColor: ACCENT_COLORS[id].main }}
              />
              {localize(ACCENT_COLORS[id].label, language)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800">{t('layout')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {([null, ...COVER_LAYOUTS] as (CoverLayout | null)[]).map((layout) => (
            <label key={layout ?? 'default'} className={option}>
              <input
                type="radio"
                className={radio}
                name={`${idPrefix}-layout`}
                value={layout ?? ''}
                checked={values.coverLayout === layout}
                onChange={() => onChange({ ...values, coverLayout: layout })}
              />
              <span>
                <span className="block font-medium">{t(`layout_${layout ?? 'default'}`)}</span>
                <span className="block text-slate-600">{t(`layoutHint_${layout ?? 'default'}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div>
        <label htmlFor={addressId} className="mb-1 block text-sm font-semibold text-slate-800">
          {t('address')} <span className="font-normal text-slate-500">({t('optional')})</span>
        </label>
        <div className="flex items-stretch">
          <span className="flex items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-2 text-sm text-slate-700">
            {SHORT_ADDRESS_PREFIX}
          </span>
          <Input
            id={addressId}
            className="rounded-l-none"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={SHORT_ADDRESS_MAX}
            value={values.shortAddress}
            onChange={(change) => onChange({ ...values, shortAddress: change.target.value })}
            {...describedBy(addressId, shownProblem ?? undefined, true)}
          />
        </div>
        <p id={`${addressId}-hint`} className="mt-1 text-sm text-slate-700">
          {t('addressHint')}
          <br />
          {t('fullAddress')}{' '}
          <span className="font-medium break-all text-slate-900" data-testid="short-url-preview">
            {preview}
          </span>
        </p>
        {shownProblem ? (
          <p id={`${addressId}-error`} className="mt-1 text-sm text-red-700">
            {localize(shownProblem, language)}
          </p>
        ) : null}
        <p className="mt-1 text-sm" aria-live="polite" data-testid="short-address-status">
          {!shownProblem && address && availability.state === 'checking' ? (
            <span className="text-slate-700">{t('checking')}</span>
          ) : null}
          {!shownProblem && address && availability.state === 'done' ? (
            <span className={availability.available ? 'text-green-800' : 'text-red-700'}>
              {localize(availability.message, language)}
            </span>
          ) : null}
        </p>
      </div>
    </div>
  );
}

/** Asks the server whether the address is free, 400 ms after the last key (only a well-formed one). */
function useAvailability(address: string, eventId: string | undefined): Availability {
  const [availability, setAvailability] = useState<Availability>({ state: 'idle' });
  useEffect(() => {
    if (!address || shortAddressProblem(address)) {
      setAvailability({ state: 'idle' });
      return;
    }
    setAvailability({ state: 'checking' });
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      checkShortAddress(address, eventId, controller.signal)
        .then((answer) => setAvailability({ state: 'done', available: answer.available, message: answer.message }))
        .catch(() => {
          if (!controller.signal.aborted) setAvailability({ state: 'idle' });
        });
    }, 400);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [address, eventId]);
  return availability;
}
