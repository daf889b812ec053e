import { describe, expect, it } from 'vitest';
import { errorAt } from './error-at';

describe('errorAt', () => {
  const errors = {
    title: { message: 'Le titre est requis' },
    ticketTypes: [undefined, { price: { message: 'Le prix doit être un nombre entier' } }],
    security: { smsCountries: [undefined, { message: 'Code pays invalide' }] },
  };

  it('follows a dotted path into objects and lists', () => {
    expect(errorAt(errors, 'title')).toBe('Le titre est requis');
    expect(errorAt(errors, 'ticketTypes.1.price')).toBe('Le prix doit être un nombre entier');
  });

  it('gives a list’s first item message, and nothing for a path without error', () => {
    expect(errorAt(errors, 'security.smsCountries')).toBe('Code pays invalide');
    expect(errorAt(errors, 'ticketTypes.0.price')).toBeUndefined();
    expect(errorAt(errors, 'description')).toBeUndefined();
  });
});
