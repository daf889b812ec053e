import { describe, expect, it } from 'vitest';
import { languageFromHeader, localize, localizeBody } from './i18n';

describe('localize', () => {
  it('keeps French as is and answers English for known texts and patterns', () => {
    expect(localize('Erreur de connexion au serveur', 'fr')).toBe('Erreur de connexion au serveur');
    expect(localize('Erreur de connexion au serveur', 'en')).toBe('Could not connect to the server');
    expect(localize('Gastronomie', 'en')).toBe('Food');
    expect(localize('120 caractères au maximum', 'en')).toBe('120 characters at most');
    expect(localize('Trop de tentatives. Réessayez dans 42 secondes.', 'en')).toBe('Too many attempts. Try again in 42 seconds.');
    expect(localize('Clé non reconnue : "isPrivate"', 'en')).toBe('Unrecognized key(s): "isPrivate"');
    // Unknown text: French stays (the fallback).
    expect(localize('Un texte inconnu', 'en')).toBe('Un texte inconnu');
  });

  it('reads Accept-Language with its weights, French by default', () => {
    expect(languageFromHeader(undefined)).toBe('fr');
    expect(languageFromHeader('en')).toBe('en');
    expect(languageFromHeader('en-GB,en;q=0.9')).toBe('en');
    expect(languageFromHeader('fr-FR,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(languageFromHeader('de-DE,en;q=0.5')).toBe('en');
    expect(languageFromHeader('de-DE')).toBe('fr');
  });

  it('translates message and fieldErrors of a body, nothing else', () => {
    const body = {
      message: 'Données invalides',
      code: 'VALIDATION_ERROR',
      fieldErrors: { title: ['Le titre est requis'] },
      title: 'Fête',
    };
    expect(localizeBody(body, 'en')).toEqual({
      message: 'Invalid data',
      code: 'VALIDATION_ERROR',
      fieldErrors: { title: ['The title is required'] },
      title: 'Fête',
    });
    expect(localizeBody(body, 'fr')).toBe(body);
  });
});
