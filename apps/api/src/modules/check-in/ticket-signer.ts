import { createHmac, createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { encodeTicketPayload, parseTicketQr, ticketQrText } from '@app/shared/check-in-ticket';

/*
 * The signatures of tickets' QR codes (decision 045, after pretix's signed offline tickets): each
 * event has its own Ed25519 key, derived from the server's TICKET_SIGNING_SECRET and the event's
 * id, so nothing is stored and every instance sharing the secret signs alike. The door's phone
 * gets only the public half (in the check-in bundle) and checks a QR offline; a key of one event
 * says nothing about another's.
 */

/** The DER head of a PKCS #8 Ed25519 private key, before its 32-byte seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** Keys kept in memory; an event's key is derived again (about 0.1 ms) once dropped. */
const CACHED_KEYS = 1000;

interface EventKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** Raw 32 bytes, base64url. */
  publicRaw: string;
}

export interface TicketSigner {
  /** The QR text of a ticket of an event. */
  qrOf(eventId: string, ticketId: string): string;
  /** The event's public key, raw 32 bytes in base64url (`CheckInBundle.publicKey`). */
  publicKeyOf(eventId: string): string;
  /**
   * The ticket id a QR text names when it is a ticket of this event with a good signature; null
   * otherwise (not a ticket, another event's, forged).
   */
  ticketOf(eventId: string, text: string): string | null;
}

export function createTicketSigner(secret: Buffer): TicketSigner {
  const cache = new Map<string, EventKeys>();
  const keysOf = (eventId: string): EventKeys => {
    const cached = cache.get(eventId);
    if (cached) return cached;
    const seed = createHmac('sha256', secret).update(`ticket-signing-key|${eventId.toLowerCase()}`).digest();
    const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
    const publicKey = createPublicKey(privateKey);
    const jwk = publicKey.export({ format: 'jwk' });
    if (typeof jwk.x !== 'string') throw new Error('Ed25519 public key without x');
    const keys = { privateKey, publicKey, publicRaw: jwk.x };
    if (cache.size >= CACHED_KEYS) cache.clear();
    cache.set(eventId, keys);
    return keys;
  };
  return {
    qrOf(eventId, ticketId) {
      const signedPart = encodeTicketPayload({ e: eventId, t: ticketId });
      const signature = sign(null, Buffer.from(signedPart, 'ascii'), keysOf(eventId).privateKey).toString('base64url');
      return ticketQrText(signedPart, signature);
    },
    publicKeyOf(eventId) {
      return keysOf(eventId).publicRaw;
    },
    ticketOf(eventId, text) {
      const parsed = parseTicketQr(text);
      if (!parsed || parsed.payload.e.toLowerCase() !== eventId.toLowerCase()) return null;
      const signature = Buffer.from(parsed.signature, 'base64url');
      if (signature.length !== 64) return null;
      const good = verify(null, Buffer.from(parsed.signedPart, 'ascii'), keysOf(eventId).publicKey, signature);
      return good ? parsed.payload.t.toLowerCase() : null;
    },
  };
}
