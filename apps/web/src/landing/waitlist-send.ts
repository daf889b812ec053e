import { WAITLIST_MESSAGES } from '@app/shared/waitlist-messages';
import type { SignupErrors, SignupField, SignupValues } from './signup-check';

const FIELDS: SignupField[] = ['name', 'phone', 'email'];

/** How long the island waits for the server's answer before it gives up and says so. */
export const SEND_TIMEOUT_MS = 15_000;

/** What goes with the typed values: the `?ref=` code, the honeypot, the server's timed token. */
export interface SignupExtras {
  ref?: string;
  website: string;
  formToken?: string;
}

/** What the island shows after a sign-up was sent. */
export interface SignupAnswer {
  /** The sign-up went through (new or already registered): the form is emptied. */
  ok: boolean;
  toast: { kind: 'success' | 'info' | 'error'; message: string };
  /** The server's message under each field it refused. */
  fieldErrors: SignupErrors;
}

const failed = (message: string = WAITLIST_MESSAGES.fallback): SignupAnswer => ({
  ok: false,
  toast: { kind: 'error', message },
  fieldErrors: {},
});

/**
 * Sends the waiting-list sign-up as JSON to `/api/waitlist` and answers what to show; never
 * throws. No answer within SEND_TIMEOUT_MS, or no network, is the fallback message.
 */
export async function sendSignup(values: SignupValues, extras: SignupExtras, timeoutMs = SEND_TIMEOUT_MS): Promise<SignupAnswer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch('/api/waitlist', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        name: values.name.trim(),
        phone: values.phone.trim(),
        email: values.email.trim() || undefined,
        ref: extras.ref,
        website: extras.website,
        formToken: extras.formToken,
      }),
      signal: controller.signal,
    });
    const answer = (await response.json().catch(() => ({}))) as {
      message?: string;
      alreadyRegistered?: boolean;
      fieldErrors?: Record<string, string[]>;
    };
    if (response.ok) {
      const toast = answer.alreadyRegistered
        ? ({ kind: 'info', message: answer.message ?? WAITLIST_MESSAGES.alreadyRegistered } as const)
        : ({ kind: 'success', message: WAITLIST_MESSAGES.success } as const);
      return { ok: true, toast, fieldErrors: {} };
    }
    const fieldErrors: SignupErrors = {};
    for (const field of FIELDS) {
      const message = answer.fieldErrors?.[field]?.[0];
      if (message) fieldErrors[field] = message;
    }
    return { ...failed(answer.message || WAITLIST_MESSAGES.fallback), fieldErrors };
  } catch {
    return failed();
  } finally {
    clearTimeout(timer);
  }
}
