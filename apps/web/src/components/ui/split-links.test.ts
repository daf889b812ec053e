import { describe, expect, it } from 'vitest';
import { splitLinks } from './split-links';

describe('splitLinks', () => {
  it('keeps a text without address as one text part', () => {
    expect(splitLinks('Bonjour, mon billet ne s’affiche pas.')).toEqual([
      { kind: 'text', text: 'Bonjour, mon billet ne s’affiche pas.' },
    ]);
    expect(splitLinks('')).toEqual([]);
  });

  it('finds http and https addresses between texts, and leaves the sentence’s punctuation out', () => {
    expect(splitLinks('Voir https://exemple.cm/billets?id=3. Et http://a.cm, merci')).toEqual([
      { kind: 'text', text: 'Voir ' },
      { kind: 'link', text: 'https://exemple.cm/billets?id=3', href: 'https://exemple.cm/billets?id=3' },
      { kind: 'text', text: '. Et ' },
      { kind: 'link', text: 'http://a.cm', href: 'http://a.cm/' },
      { kind: 'text', text: ', merci' },
    ]);
  });

  it('keeps a bracket the address opened, drops one the sentence opened', () => {
    expect(splitLinks('(https://fr.wikipedia.org/wiki/Douala_(ville))')).toEqual([
      { kind: 'text', text: '(' },
      {
        kind: 'link',
        text: 'https://fr.wikipedia.org/wiki/Douala_(ville)',
        href: 'https://fr.wikipedia.org/wiki/Douala_(ville)',
      },
      { kind: 'text', text: ')' },
    ]);
  });

  it('links an address at the very start and end, and keeps line breaks in the text', () => {
    expect(splitLinks('https://a.cm\nhttps://b.cm')).toEqual([
      { kind: 'link', text: 'https://a.cm', href: 'https://a.cm/' },
      { kind: 'text', text: '\n' },
      { kind: 'link', text: 'https://b.cm', href: 'https://b.cm/' },
    ]);
  });

  it('never links other schemes, bare protocols or markup: they stay text', () => {
    expect(splitLinks('javascript:alert(1) https:// <a href="x">y</a> ftp://a.cm')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) https:// <a href="x">y</a> ftp://a.cm' },
    ]);
    expect(splitLinks('<img src=https://a.cm/x.png onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<img src=' },
      { kind: 'link', text: 'https://a.cm/x.png', href: 'https://a.cm/x.png' },
      { kind: 'text', text: ' onerror=alert(1)>' },
    ]);
  });

  it('puts back the whole text, character for character', () => {
    const text = 'A https://a.cm/é?q=1#x, B (http://b.cm). C https://c.cm/a_(b) D…';
    expect(
      splitLinks(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });
});
