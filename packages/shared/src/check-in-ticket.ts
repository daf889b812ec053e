/**
 * A participant's ticket as its QR code carries it (issue 27 item 4), read the same way by the
 * server and by the door's phone, which checks the signature offline. Without zod, so the ticket
 * and door screens load none.
 *
 * Text: `EVT1.<payload>.<signature>`, both parts base64url without padding.
 * - payload: the UTF-8 JSON `{"e":"<event id>","t":"<ticket id>"}`;
 * - signature: Ed25519 over the ASCII bytes of the `<payload>` part, by the event's key, whose
 *   public half the door's bundle carries (`CheckInBundle.publicKey`, raw 32 bytes, base64url).
 * A ticket of another event, a bad signature or a text that does not parse is 'Billet inconnu'.
 */
export const TICKET_QR_PREFIX = 'EVT1';

export interface TicketPayload {
  /** The event's id. */
  e: string;
  /** The ticket's id (one per participation). */
  t: string;
}

export interface ParsedTicketQr {
  payload: TicketPayload;
  /** The exact base64url text that was signed. */
  signedPart: string;
  signature: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function base64UrlToBytes(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The parts of a ticket's QR text, or null when it is not one (its signature is not checked here). */
export function parseTicketQr(text: string): ParsedTicketQr | null {
  const parts = text.trim().split('.');
  if (parts.length !== 3 || parts[0] !== TICKET_QR_PREFIX) return null;
  const [, signedPart = '', signature = ''] = parts;
  if (!BASE64URL.test(signedPart) || !BASE64URL.test(signature) || signedPart.length > 200) return null;
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(base64UrlToBytes(signedPart)));
    if (typeof value !== 'object' || value === null) return null;
    const { e, t } = value as Record<string, unknown>;
    if (typeof e !== 'string' || typeof t !== 'string' || !UUID.test(e) || !UUID.test(t)) return null;
    return { payload: { e, t }, signedPart, signature };
  } catch {
    return null;
  }
}

/** The QR text of a payload and its signature (the server signs `encodeTicketPayload(payload)`). */
export function encodeTicketPayload(payload: TicketPayload): string {
  return bytesToBase64Url(new TextEncoder().encode(JSON.stringify({ e: payload.e, t: payload.t })));
}

export function ticketQrText(signedPart: string, signature: string): string {
  return `${TICKET_QR_PREFIX}.${signedPart}.${signature}`;
}
