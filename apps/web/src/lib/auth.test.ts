import type { PublicUser } from '@app/shared/users';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { goInstead, hasSession, isBackOfficeUser, pathAfterSignIn, signIn, signInHere, signOut } from './auth';
import { getDeviceToken, getToken, setDeviceToken, setToken } from './session';

type Role = Pick<PublicUser, 'role' | 'isAdminValidated' | 'isBlocked'>;
const superadmin: Role = { role: 'superadmin', isAdminValidated: true, isBlocked: false };
const admin: Role = { role: 'admin', isAdminValidated: true, isBlocked: false };
const pendingAdmin: Role = { role: 'admin', isAdminValidated: false, isBlocked: false };
const member: Role = { role: 'user', isAdminValidated: false, isBlocked: false };

/** A browser of this device: its storage, its address, and what `fetch` answers. */
function browser(url = 'https://evenements.cm/evenements/concert?vue=1#billets') {
  const store = new Map<string, string>();
  const { origin, pathname, search, hash } = new URL(url);
  const location = { origin, pathname, search, hash, replace: vi.fn() };
  vi.stubGlobal('window', {
    location,
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    },
  });
  return { location };
}

beforeEach(() => {
  vi.unstubAllGlobals();
});

describe('who reaches the back office', () => {
  it('the superadmin and approved administrators; not a pending administrator, a member or anyone blocked', () => {
    expect(isBackOfficeUser(superadmin)).toBe(true);
    expect(isBackOfficeUser(admin)).toBe(true);
    expect(isBackOfficeUser(pendingAdmin)).toBe(false);
    expect(isBackOfficeUser(member)).toBe(false);
    expect(isBackOfficeUser({ ...superadmin, isBlocked: true })).toBe(false);
    expect(isBackOfficeUser({ ...admin, isBlocked: true })).toBe(false);
  });
});

describe('where a sign-in leads', () => {
  it('to the back office or « Mon compte » without `next`', () => {
    expect(pathAfterSignIn(superadmin)).toBe('/admin');
    expect(pathAfterSignIn(admin, null)).toBe('/admin');
    expect(pathAfterSignIn(pendingAdmin)).toBe('/mon-compte');
    expect(pathAfterSignIn(member, '')).toBe('/mon-compte');
  });

  it('back to `next`, but a back-office address only for whom it is for', () => {
    expect(pathAfterSignIn(member, '/evenements/concert-makossa')).toBe('/evenements/concert-makossa');
    expect(pathAfterSignIn(member, '/admin/users?page=2')).toBe('/mon-compte');
    expect(pathAfterSignIn(pendingAdmin, '/admin')).toBe('/mon-compte');
    expect(pathAfterSignIn(admin, '/admin/users?page=2')).toBe('/admin/users?page=2');
  });
});

describe('signing in and out on this device', () => {
  const user = { _id: 'u1', ...member } as PublicUser;

  it('a sign-in keeps the token and the user, and answers where to go', () => {
    browser();
    const queryClient = new QueryClient();
    expect(hasSession()).toBe(false);
    expect(signIn(queryClient, 'session-1', user, '/evenements')).toBe('/evenements');
    expect(getToken()).toBe('session-1');
    expect(hasSession()).toBe(true);
    expect(queryClient.getQueryData(['me'])).toEqual({ user });
  });

  it('a sign-out tells the server with the token, then drops the token and every cached answer; the device token stays', async () => {
    browser();
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const queryClient = new QueryClient();
    setToken('session-1');
    setDeviceToken('device-1');
    queryClient.setQueryData(['me'], { user });
    queryClient.setQueryData(['events', 1], { items: [] });

    await signOut(queryClient);

    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(url)).toBe('https://evenements.cm/api/users/logout');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer session-1');
    expect(getToken()).toBeNull();
    expect(getDeviceToken()).toBe('device-1');
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('the session ends on this device also when the server cannot be reached or refuses', async () => {
    browser();
    for (const answer of [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => Promise.resolve(new Response('{"message":"Erreur"}', { status: 500 })),
    ]) {
      vi.stubGlobal('fetch', vi.fn(answer));
      const queryClient = new QueryClient();
      setToken('session-2');
      queryClient.setQueryData(['me'], { user });
      await expect(signOut(queryClient)).resolves.toBeUndefined();
      expect(getToken()).toBeNull();
      expect(queryClient.getQueryData(['me'])).toBeUndefined();
    }
  });
});

describe('leaving for another page', () => {
  it('a screen of the app by a navigation in place; a page of the server by a page load in place', () => {
    const { location } = browser();
    const navigate = vi.fn();
    goInstead(navigate, '/admin/events?create=1');
    expect(navigate).toHaveBeenCalledWith('/admin/events?create=1', { replace: true });
    goInstead(navigate, '/mon-compte');
    expect(navigate).toHaveBeenCalledTimes(2);
    expect(location.replace).not.toHaveBeenCalled();

    goInstead(navigate, '/evenements/concert-makossa');
    expect(location.replace).toHaveBeenCalledWith('/evenements/concert-makossa');
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('the sign-in page asked to come back to this very address (path, query and fragment)', () => {
    browser('https://evenements.cm/evenements/concert?vue=1#billets');
    expect(signInHere()).toBe(`/GetStarted?next=${encodeURIComponent('/evenements/concert?vue=1#billets')}`);
  });
});
