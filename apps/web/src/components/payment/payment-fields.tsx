import { OPERATOR_LABELS, OPERATORS, type Operator } from '@app/shared/payments';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useT } from '../../lib/i18n';
import { Input } from '../ui/form/controls';
import { describedBy } from '../ui/form/field';
import { RadioCard } from '../ui/form/radio-card';
import { paymentMessages } from './messages';

/** The operators' own colours, as a mark beside their names (the names carry the meaning). */
const OPERATOR_MARKS: Record<Operator, { className: string; letter: string }> = {
  mtn: { className: 'bg-[#ffcc00] text-black', letter: 'MTN' },
  orange: { className: 'bg-[#ff7900] text-black', letter: 'OM' },
};

/**
 * The paying number and the operator: the number's field (its operator is proposed as it is
 * typed, by the `phoneField`'s onChange) and the two operators as cards.
 */
export function PayingPhoneFields({
  phoneField,
  operatorField,
  phoneError,
}: {
  phoneField: UseFormRegisterReturn;
  operatorField: UseFormRegisterReturn;
  phoneError: string | undefined;
}) {
  const t = useT(paymentMessages);
  const phoneId = useId();
  const operatorHintId = useId();
  return (
    <>
      <div>
        <label htmlFor={phoneId} className="mb-1 block text-sm font-medium text-slate-700">
          {t('phone')}
        </label>
        <Input
          id={phoneId}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+237 6XX XX XX XX"
          maxLength={30}
          aria-required="true"
          {...phoneField}
          {...describedBy(phoneId, phoneError, true)}
        />
        <p id={`${phoneId}-hint`} className="mt-1 text-xs text-slate-600">
          {t('phoneHint')}
        </p>
        {phoneError ? (
          <p id={`${phoneId}-error`} className="mt-1 text-sm text-red-700" data-testid="phone-error">
            {phoneError}
          </p>
        ) : null}
      </div>

      <fieldset aria-describedby={operatorHintId}>
        <legend className="mb-2 text-sm font-medium text-slate-700">{t('operator')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {OPERATORS.map((operator) => (
            <RadioCard key={operator} value={operator} field={operatorField}>
              <span
                aria-hidden="true"
                className={`flex size-10 shrink-0 items-center justify-center rounded-lg text-xs font-black ${OPERATOR_MARKS[operator].className}`}
              >
                {OPERATOR_MARKS[operator].letter}
              </span>
              <span className="font-semibold text-slate-900">{OPERATOR_LABELS[operator]}</span>
            </RadioCard>
          ))}
        </div>
        <p id={operatorHintId} className="mt-1 text-xs text-slate-600">
          {t('operatorProposed')}
        </p>
      </fieldset>
    </>
  );
}
