import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getDeviceToken, getToken, getUserContact, setDeviceToken, setToken, setUserContact } from './session';

function browserStorage() {
  const store = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    },
  });
  return store;
}

describe('the session kept on this device', () => {
  beforeEach(() => vi.unstubAllGlobals());

  it('keeps the token under the key the mobile app shares, and a sign-out drops it but keeps the device token', () => {
    const store = browserStorage();
    setToken('session-1');
    setDeviceToken('device-1');
    expect(store.get('token')).toBe('session-1');
    clearSession();
    expect(getToken()).toBeNull();
    expect(getDeviceToken()).toBe('device-1');
  });

  it('keeps the contact, and the e-mail on its own key', () => {
    const store = browserStorage();
    setUserContact({ email: 'awa@example.cm', phone: '+237650000001' });
    expect(getUserContact()).toEqual({ email: 'awa@example.cm', phone: '+237650000001' });
    expect(store.get('userEmail')).toBe('awa@example.cm');
    store.set('userContact', '{not json');
    expect(getUserContact()).toBeNull();
  });

  it('works as signed out where storage is refused (private mode) or absent (prerender)', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new Error('SecurityError');
      },
    });
    setToken('session-1');
    expect(getToken()).toBeNull();
    vi.stubGlobal('window', undefined);
    expect(getToken()).toBeNull();
  });
});
