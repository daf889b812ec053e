import { describe, expect, it } from 'vitest';
import { NEXT_MAX_LENGTH, safeNextPath, signInPath } from './next-path';

describe('safeNextPath (decision 026)', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeNextPath('/evenements/nuit-des-contes-0123456789ab')).toBe('/evenements/nuit-des-contes-0123456789ab');
    expect(safeNextPath('/evenements/mariage-0123456789ab?t=abc_DEF-123#participer')).toBe(
      '/evenements/mariage-0123456789ab?t=abc_DEF-123#participer',
    );
    expect(safeNextPath('/evenements?city=Douala&page=2')).toBe('/evenements?city=Douala&page=2');
    expect(safeNextPath('/admin/events?create=1')).toBe('/admin/events?create=1');
    expect(safeNextPath('/mon-compte')).toBe('/mon-compte');
    expect(safeNextPath('/')).toBe('/');
  });

  it('normalises dot segments and keeps the result on this site', () => {
    expect(safeNextPath('/evenements/../mon-compte')).toBe('/mon-compte');
    expect(safeNextPath('/a/b/../../evenements')).toBe('/evenements');
    // `/..//host` would normalise to `//host`: refused.
    expect(safeNextPath('/..//evil.example')).toBeNull();
    expect(safeNextPath('/.././/evil.example')).toBeNull();
  });

  it.each([
    ['an absolute address', 'https://evil.example'],
    ['an absolute address on http', 'http://evil.example/evenements'],
    ['a protocol-relative address', '//evil.example'],
    ['a protocol-relative address with a path', '//evil.example/evenements'],
    ['three slashes', '///evil.example'],
    ['a backslash after the slash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a slash and a backslash', '\\/evil.example'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a JavaScript: address in capitals', 'JavaScript:alert(document.domain)'],
    ['a data: address', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'evenements'],
    ['a host without scheme', 'evil.example'],
    ['an encoded protocol-relative address', '%2F%2Fevil.example'],
    ['a slash then an encoded slash', '/%2Fevil.example'],
    ['a slash then an encoded slash in lower case', '/%2fevil.example'],
    ['a slash then an encoded backslash', '/%5Cevil.example'],
    ['a doubly encoded slash', '/%252Fevil.example'],
    ['an encoded absolute address', 'https%3A%2F%2Fevil.example'],
    ['a tab inside the slashes', '/\t/evil.example'],
    ['a line break inside the slashes', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['a leading space', ' /evenements'],
    ['a space inside', '/even ements'],
    ['a NUL character', '/evenements\u0000'],
    ['a line separator', '/\u2028/evil.example'],
    ['invalid percent-encoding', '/%E0%A4%A'],
    ['the sign-in page itself', '/GetStarted?next=/evenements'],
    ['the sign-in page in lower case', '/getstarted'],
    ['the sign-in page, percent-encoded', '/%47etStarted'],
    ['the old sign-in address', '/auth/get-started'],
    ['the API', '/api/users/me'],
    ['the API root', '/api'],
    ['an empty value', ''],
    ['a value too long', `/${'a'.repeat(NEXT_MAX_LENGTH)}`],
  ])('refuses %s', (_name, value) => {
    expect(safeNextPath(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, ['/evenements'], { next: '/evenements' }]) {
      expect(safeNextPath(value)).toBeNull();
    }
  });
});

describe('signInPath', () => {
  it('carries a safe path, encoded, to the sign-in page', () => {
    expect(signInPath('/evenements/mariage-0123456789ab?t=abc#participer')).toBe(
      '/GetStarted?next=%2Fevenements%2Fmariage-0123456789ab%3Ft%3Dabc%23participer',
    );
  });

  it('drops anything else', () => {
    expect(signInPath('//evil.example')).toBe('/GetStarted');
    expect(signInPath('https://evil.example')).toBe('/GetStarted');
    expect(signInPath(undefined)).toBe('/GetStarted');
    expect(signInPath(null)).toBe('/GetStarted');
  });
});
