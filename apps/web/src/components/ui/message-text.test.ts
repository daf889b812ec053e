import { describe, expect, it } from 'vitest';
import { splitLinks } from './message-text';

describe('splitLinks', () => {
  it('makes http(s) addresses links and leaves the sentence’s punctuation and everything else as text', () => {
    expect(splitLinks('Voir https://exemple.cm/plan?x=1. Merci')).toEqual([
      { text: 'Voir ' },
      { href: 'https://exemple.cm/plan?x=1' },
      { text: '. Merci' },
    ]);
    expect(splitLinks('(http://a.cm) et javascript:alert(1) <b>x</b>')).toEqual([
      { text: '(' },
      { href: 'http://a.cm' },
      { text: ') et javascript:alert(1) <b>x</b>' },
    ]);
    expect(splitLinks('Aucun lien')).toEqual([{ text: 'Aucun lien' }]);
  });
});
