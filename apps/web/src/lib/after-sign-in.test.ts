import { describe, expect, it } from 'vitest';
import { isAppPath } from '../config/paths';
import { pathAfterSignIn } from './auth';

const member = { role: 'user', isAdminValidated: false, isBlocked: false } as const;
const admin = { role: 'admin', isAdminValidated: true, isBlocked: false } as const;
const pending = { role: 'admin', isAdminValidated: false, isBlocked: false } as const;

describe('where a sign-in leads (decision 026)', () => {
  it('back to next when there is one, else the back office or Mon compte', () => {
    expect(pathAfterSignIn(member, '/evenements/x-0123456789ab#participer')).toBe('/evenements/x-0123456789ab#participer');
    expect(pathAfterSignIn(admin, '/evenements')).toBe('/evenements');
    expect(pathAfterSignIn(member, null)).toBe('/mon-compte');
    expect(pathAfterSignIn(admin, undefined)).toBe('/admin');
  });

  it('follows a back-office address only for whom the back office is', () => {
    expect(pathAfterSignIn(admin, '/admin/waitlist?page=2')).toBe('/admin/waitlist?page=2');
    expect(pathAfterSignIn(member, '/admin/waitlist')).toBe('/mon-compte');
    expect(pathAfterSignIn(pending, '/admin')).toBe('/mon-compte');
    // '/administrer' is not the back office.
    expect(pathAfterSignIn(member, '/administrer')).toBe('/administrer');
  });

  it('tells the app’s own screens from the server’s pages', () => {
    for (const path of ['/mon-compte', '/admin', '/admin/events?create=1', '/GetStarted?x=1']) {
      expect(isAppPath(path), path).toBe(true);
    }
    // /terms is rendered by the server since decision 027.
    for (const path of ['/', '/evenements', '/evenements/x-0123456789ab?t=a#participer', '/administrer', '/terms']) {
      expect(isAppPath(path), path).toBe(false);
    }
  });
});
