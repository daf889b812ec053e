import { describe, expect, it } from 'vitest';
import { currentNavEntry } from './nav';

const EVENT = '/mon-compte/evenements/7b1f9a3c-0000-4000-8000-000000000001';

describe('the account tab shown as current', () => {
  it('follows the path: home only on its own path, a section on its screens below it', () => {
    expect(currentNavEntry('/mon-compte')).toBe('home');
    expect(currentNavEntry('/mon-compte/')).toBe('home');
    expect(currentNavEntry('/mon-compte/evenements')).toBe('myEvents');
    expect(currentNavEntry(EVENT)).toBe('myEvents');
    expect(currentNavEntry(`${EVENT}/participants`)).toBe('myEvents');
    expect(currentNavEntry('/mon-compte/participations')).toBe('participations');
    expect(currentNavEntry('/mon-compte/participations/abc/billet')).toBe('participations');
    expect(currentNavEntry('/mon-compte/profil')).toBe('profile');
    expect(currentNavEntry('/mon-compte/publicites')).toBe('ads');
    expect(currentNavEntry('/mon-compte/publicites/abc')).toBe('ads');
    expect(currentNavEntry('/mon-compte/evenementsX')).toBeNull();
  });

  it("marks no tab on an event's door until the screen knows whose door it is", () => {
    expect(currentNavEntry(`${EVENT}/entree`)).toBeNull();
  });

  it("the organiser's door is under 'Mes évènements', a door helper's under none", () => {
    expect(currentNavEntry(`${EVENT}/entree`, 'myEvents')).toBe('myEvents');
    expect(currentNavEntry(`${EVENT}/entree`, null)).toBeNull();
  });

  it('an unknown section marks none', () => {
    expect(currentNavEntry('/mon-compte', 'nothing')).toBeNull();
  });
});
