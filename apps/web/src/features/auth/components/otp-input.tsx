import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { OTP_LENGTH } from '@app/shared/auth';
import { useAuthT } from '../messages';

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the code when a paste or a keystroke fills the sixth box (issue 25 item 9). */
  onComplete?: (code: string) => void;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Names the six boxes (the legend of their group). */
  label: string;
}

/**
 * Six boxes, one digit each: typing moves forward, backspace moves back, arrows move, and
 * pasting (or an SMS autofill of) 1 to 6 digits fills the boxes from the current one; once the
 * six are in, `onComplete` gets the code.
 */
export function OtpInput({ value, onChange, onComplete, error, disabled, autoFocus, label }: OtpInputProps) {
  const tr = useAuthT();
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  // `value` holds one character per box, a space for an empty one.
  const digits = Array.from({ length: OTP_LENGTH }, (_, index) =>
    /\d/.test(value[index] ?? '') ? (value[index] as string) : '',
  );
  const emit = (next: string[]) =>
    onChange(
      next
        .map((digit) => digit || ' ')
        .join('')
        .trimEnd(),
    );

  const focus = (index: number) => {
    const target = refs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    target?.focus();
    target?.select();
  };

  const fill = (from: number, typed: string) => {
    const incoming = typed.replace(/\D/g, '').slice(0, OTP_LENGTH - from);
    if (!incoming) return;
    const next = [...digits];
    for (let i = 0; i < incoming.length; i++) next[from + i] = incoming[i] as string;
    emit(next);
    focus(from + incoming.length >= OTP_LENGTH ? OTP_LENGTH - 1 : from + incoming.length);
    if (next.every((digit) => digit)) onComplete?.(next.join(''));
  };

  const setAt = (index: number, digit: string) => {
    const next = [...digits];
    next[index] = digit;
    emit(next);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (digits[index]) setAt(index, '');
      else if (index > 0) {
        setAt(index - 1, '');
        focus(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  };

  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex justify-between gap-1.5 sm:gap-2">
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            // biome-ignore lint/a11y/noAutofocus: the code view exists to type the code
            autoFocus={autoFocus && index === 0}
            maxLength={OTP_LENGTH}
            value={digit}
            disabled={disabled}
            aria-label={tr('Chiffre {index} sur 6', { index: index + 1 })}
            aria-invalid={error ? true : undefined}
            data-otp-box={index}
            onFocus={(event) => event.currentTarget.select()}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onChange={(event) => {
              const typed = event.currentTarget.value.replace(digit, '') || event.currentTarget.value;
              if (/\D/.test(typed) && !/\d/.test(typed)) return;
              fill(index, typed);
            }}
            className="h-12 w-11 min-w-0 rounded-lg border border-slate-300 bg-white text-center text-xl font-semibold text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-red-600 sm:h-14 sm:w-12"
          />
        ))}
      </div>
    </fieldset>
  );
}
