import { describe, expect, it } from 'vitest';
import { defineMessages, loadEnglish, localize, translate } from './i18n';

const messages = defineMessages({
  fr: {
    hello: 'Bonjour {name}',
    count: '{n} évènements, {n} au total',
    missing: 'Manque {who}',
    onlyFr: 'Seulement en français',
  },
  en: { hello: 'Hello {name}', count: '{n} events, {n} in all', missing: 'Missing {who}', onlyFr: '' },
});

describe('translate', () => {
  it('gives the text in the language asked, with every placeholder replaced', () => {
    expect(translate(messages, 'fr', 'hello', { name: 'Awa' })).toBe('Bonjour Awa');
    expect(translate(messages, 'en', 'hello', { name: 'Awa' })).toBe('Hello Awa');
    expect(translate(messages, 'fr', 'count', { n: 3 })).toBe('3 évènements, 3 au total');
  });

  it('leaves a placeholder without a value as written, and a text without params untouched', () => {
    expect(translate(messages, 'fr', 'missing', {})).toBe('Manque {who}');
    expect(translate(messages, 'fr', 'missing')).toBe('Manque {who}');
  });

  it('falls back to French, then to the key, when a language has no text', () => {
    const partial = { fr: { a: 'Texte A' }, en: {} } as unknown as typeof messages;
    expect(translate(partial, 'en', 'a' as 'hello')).toBe('Texte A');
    expect(translate(partial, 'en', 'absent' as 'hello')).toBe('absent');
  });
});

describe('localize', () => {
  it('answers French texts as they are, and English ones once the dictionary (a chunk of its own) is loaded', async () => {
    expect(localize('Accès refusé', 'fr')).toBe('Accès refusé');
    // Not loaded yet: the French text, and the dictionary starts loading.
    expect(localize('Accès refusé', 'en')).toBe('Accès refusé');
    await loadEnglish();
    expect(localize('Accès refusé', 'en')).toBe('Access denied');
    expect(localize('Accès refusé', 'fr')).toBe('Accès refusé');
  });
});
