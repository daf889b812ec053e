import { dropAccountCaches } from './pwa';

/** Local storage keys: `token`, `userContact` {email, phone}, `userEmail`. */
const TOKEN_KEY = 'token';
/**
 * The known-device token the sign-in answers (issue 24): kept across sign-outs and sent back at
 * each sign-in, it lets the owner past a sign-in wait that a stranger behind the same carrier
 * address caused.
 */
const DEVICE_KEY = 'deviceToken';
const CONTACT_KEY = 'userContact';
const EMAIL_KEY = 'userEmail';

export interface UserContact {
  email?: string;
  phone?: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function setToken(token: string): void {
  dropAccountCaches();
  storage()?.setItem(TOKEN_KEY, token);
}

export function getDeviceToken(): string | null {
  return storage()?.getItem(DEVICE_KEY) ?? null;
}

export function setDeviceToken(token: string): void {
  storage()?.setItem(DEVICE_KEY, token);
}

/** Ends the session on this device; the device token stays (the device is still the owner's). */
export function clearSession(): void {
  dropAccountCaches();
  storage()?.removeItem(TOKEN_KEY);
}

export function getUserContact(): UserContact | null {
  const raw = storage()?.getItem(CONTACT_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as UserContact;
  } catch {
    return null;
  }
}

export function setUserContact(contact: UserContact): void {
  storage()?.setItem(CONTACT_KEY, JSON.stringify(contact));
  if (contact.email) storage()?.setItem(EMAIL_KEY, contact.email);
}
