import { randomUUID } from 'node:crypto';
import { parseTicketQr } from '@app/shared/check-in-ticket';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTicketSigner } from './ticket-signer';

/* The per-event Ed25519 keys derived from TICKET_SIGNING_SECRET (decision 045). */

const secret = (text: string) => Buffer.from(text.padEnd(32, '·'), 'utf8');

describe('the ticket signer', () => {
  it('derives the same key for an event from the same secret, another for another event or secret', () => {
    const eventId = randomUUID();
    const one = createTicketSigner(secret('secret de test numéro un'));
    const again = createTicketSigner(secret('secret de test numéro un'));
    const other = createTicketSigner(secret('secret de test numéro deux'));
    expect(again.publicKeyOf(eventId)).toBe(one.publicKeyOf(eventId));
    expect(one.publicKeyOf(randomUUID())).not.toBe(one.publicKeyOf(eventId));
    expect(other.publicKeyOf(eventId)).not.toBe(one.publicKeyOf(eventId));

    const ticketId = randomUUID();
    const qr = one.qrOf(eventId, ticketId);
    expect(parseTicketQr(qr)?.payload).toEqual({ e: eventId, t: ticketId });
    expect(again.ticketOf(eventId, qr)).toBe(ticketId);
    // Another instance with another secret, or the QR read at another event's door: not a ticket.
    expect(other.ticketOf(eventId, qr)).toBeNull();
    expect(one.ticketOf(randomUUID(), qr)).toBeNull();
    expect(one.ticketOf(eventId, `${qr}x`)).toBeNull();
    expect(one.ticketOf(eventId, 'EVT1.e30.AAAA')).toBeNull();
  });

  it('takes TICKET_SIGNING_SECRET of 32 characters or more, and refuses a shorter one', () => {
    expect(loadConfig({ TICKET_SIGNING_SECRET: 'x'.repeat(32) }).TICKET_SIGNING_SECRET).toBe('x'.repeat(32));
    expect(loadConfig({ TICKET_SIGNING_SECRET: '' }).TICKET_SIGNING_SECRET).toBeUndefined();
    expect(() => loadConfig({ TICKET_SIGNING_SECRET: 'trop court' })).toThrow('TICKET_SIGNING_SECRET');
  });
});
