import { describe, expect, it } from 'vitest';
import { encodeTicketPayload, parseTicketQr, TICKET_QR_PREFIX, ticketQrText } from './check-in-ticket';

const payload = { e: '0b9f4c1e-2a3b-4c5d-8e6f-7a8b9c0d1e2f', t: 'f1e2d3c4-b5a6-4978-8a6b-5c4d3e2f1a0b' };

describe('a ticket’s QR text', () => {
  it('reads back the payload and the signed part it was made of', () => {
    const signedPart = encodeTicketPayload(payload);
    const text = ticketQrText(signedPart, 'c2lnbmF0dXJl');
    expect(text.startsWith(`${TICKET_QR_PREFIX}.`)).toBe(true);
    expect(parseTicketQr(`  ${text}\n`)).toEqual({ payload, signedPart, signature: 'c2lnbmF0dXJl' });
  });

  it.each([
    ['another prefix', `EVT2.${encodeTicketPayload(payload)}.c2ln`],
    ['two parts', `EVT1.${encodeTicketPayload(payload)}`],
    ['no signature', `EVT1.${encodeTicketPayload(payload)}.`],
    ['a payload that is not JSON', 'EVT1.bm90IGpzb24.c2ln'],
    ['an id that is not a uuid', `EVT1.${encodeTicketPayload({ ...payload, t: 'nope' })}.c2ln`],
    ['characters outside base64url', `EVT1.${encodeTicketPayload(payload)}.c2l+n`],
    ['a bare ticket id', payload.t],
  ])('is not a ticket with %s', (_name, text) => {
    expect(parseTicketQr(text)).toBeNull();
  });
});
