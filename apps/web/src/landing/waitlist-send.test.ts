import { WAITLIST_MESSAGES } from '@app/shared/waitlist-messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSignup } from './signup-check';
import { SEND_TIMEOUT_MS, sendSignup } from './waitlist-send';

const typed = { name: '  Aïcha Béyala ', phone: ' 6 77 12 34 56 ', email: ' ' };
const extras = { ref: 'AMI-1', website: '', formToken: 'abc.def' };

/** `fetch` answering `status` and `body` once, and what it was called with. */
function answering(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  vi.unstubAllGlobals();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the light check in the browser', () => {
  it('names the missing name and phone, a phone that is no number and an e-mail that is no address', () => {
    expect(checkSignup({ name: ' ', phone: '', email: '' })).toEqual({
      name: 'Le nom est requis',
      phone: 'Numéro de téléphone requis',
    });
    expect(checkSignup({ name: 'A'.repeat(121), phone: '1234567', email: 'pas-un-email' })).toEqual({
      name: '120 caractères au maximum',
      phone: 'Numéro de téléphone invalide',
      email: 'Adresse e-mail invalide',
    });
    expect(checkSignup({ name: 'Awa', phone: '6 77 12 34 5x', email: '' })).toEqual({ phone: 'Numéro de téléphone invalide' });
    expect(checkSignup({ name: 'Awa', phone: '+237 (6) 77-12.34.56', email: 'awa@exemple.cm' })).toEqual({});
  });
});

describe('sending a sign-up from the landing page', () => {
  it('posts the trimmed values with the referral code, the honeypot and the timed token; a new sign-up says thanks', async () => {
    const fetch = answering(201, { message: 'ok' });
    expect(await sendSignup(typed, extras)).toEqual({
      ok: true,
      toast: { kind: 'success', message: WAITLIST_MESSAGES.success },
      fieldErrors: {},
    });
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/waitlist');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Aïcha Béyala',
      phone: '6 77 12 34 56',
      ref: 'AMI-1',
      website: '',
      formToken: 'abc.def',
    });
  });

  it('someone already registered is told kindly, as information', async () => {
    answering(200, { alreadyRegistered: true, message: WAITLIST_MESSAGES.alreadyRegistered });
    expect(await sendSignup(typed, extras)).toMatchObject({
      ok: true,
      toast: { kind: 'info', message: WAITLIST_MESSAGES.alreadyRegistered },
    });
  });

  it("a refusal shows the server's message and its message under each field", async () => {
    answering(400, {
      message: 'Numéro de téléphone invalide',
      fieldErrors: { phone: ['Numéro de téléphone invalide'], other: ['x'] },
    });
    expect(await sendSignup(typed, extras)).toEqual({
      ok: false,
      toast: { kind: 'error', message: 'Numéro de téléphone invalide' },
      fieldErrors: { phone: 'Numéro de téléphone invalide' },
    });
  });

  it('an answer without a message, or no network, is the fallback message', async () => {
    answering(500, 'pas du JSON attendu');
    expect(await sendSignup(typed, extras)).toEqual({
      ok: false,
      toast: { kind: 'error', message: WAITLIST_MESSAGES.fallback },
      fieldErrors: {},
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect((await sendSignup(typed, extras)).toast).toEqual({ kind: 'error', message: WAITLIST_MESSAGES.fallback });
  });

  it('gives up after 15 s without an answer (on a controlled clock), not before', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    let answer: Awaited<ReturnType<typeof sendSignup>> | undefined;
    void sendSignup(typed, extras).then((result) => {
      answer = result;
    });
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1);
    expect(answer).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toEqual({ ok: false, toast: { kind: 'error', message: WAITLIST_MESSAGES.fallback }, fieldErrors: {} });
    expect(SEND_TIMEOUT_MS).toBe(15_000);
  });
});
