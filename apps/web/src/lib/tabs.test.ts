import { describe, expect, it } from 'vitest';
import { tabAfterKey } from './tabs';

const TABS = ['info', 'users', 'activities'] as const;

describe('tabAfterKey', () => {
  it('goes round with the arrows', () => {
    expect(tabAfterKey(TABS, 'info', 'ArrowRight')).toBe('users');
    expect(tabAfterKey(TABS, 'activities', 'ArrowRight')).toBe('info');
    expect(tabAfterKey(TABS, 'info', 'ArrowLeft')).toBe('activities');
  });

  it('goes to the ends with Home and End, and nowhere for another key', () => {
    expect(tabAfterKey(TABS, 'users', 'Home')).toBe('info');
    expect(tabAfterKey(TABS, 'users', 'End')).toBe('activities');
    expect(tabAfterKey(TABS, 'users', 'Enter')).toBeNull();
  });
});
