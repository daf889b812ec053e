import { useSyncExternalStore } from 'react';
import type { MessageLanguage } from '@app/shared/i18n';

/**
 * The back office speaks French (default) and English. Each feature keeps its strings in a
 * `messages.ts` made with `defineMessages({ fr: {...}, en: {...} })`, the English keys being
 * exactly the French ones; `useT(messages)` gives `t(key, params)` in the current language.
 */
const LANGUAGES = ['fr', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB' };

const STORAGE_KEY = 'lang';
const listeners = new Set<() => void>();

function readStored(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return stored === 'en' ? 'en' : 'fr';
  } catch {
    return 'fr';
  }
}

let current: Language = typeof window === 'undefined' ? 'fr' : readStored();

export function getLanguage(): Language {
  return current;
}

/**
 * The English forms of the server's and the shared schemas' French texts (`@app/shared/i18n`, the
 * largest dictionary of the app) are a chunk of their own, loaded only when the UI speaks English:
 * before the first render when English was chosen (main.tsx), or when English is chosen.
 */
type Dictionary = typeof import('@app/shared/i18n');
let dictionary: Dictionary | null = null;
let dictionaryLoading: Promise<void> | null = null;

export function loadEnglish(): Promise<void> {
  dictionaryLoading ??= import('@app/shared/i18n').then(
    (module) => {
      dictionary = module;
    },
    (error: unknown) => {
      dictionaryLoading = null; // tried again at the next call
      throw error;
    },
  );
  return dictionaryLoading;
}

/**
 * The English form of a French text from the server or a shared schema (`localize` of
 * `@app/shared/i18n`); the text itself in French, or while the dictionary is not loaded yet.
 */
export function localize(text: string, language: MessageLanguage | string): string {
  if (language !== 'en' || !text) return text;
  if (!dictionary) {
    void loadEnglish();
    return text;
  }
  return dictionary.localize(text, language);
}

/** Switches the language; the screens change once English's dictionary is there (at once when it is). */
export function setLanguage(language: Language): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this visit
  }
  document.documentElement.lang = language;
  const apply = () => {
    current = language;
    for (const listener of listeners) listener();
  };
  if (language === 'en' && !dictionary) {
    // Offline, the French texts stay untranslated rather than the switch not happening.
    loadEnglish().then(apply, apply);
  } else apply();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, getLanguage, () => 'fr');
}

export type Messages<K extends string> = { fr: Record<K, string>; en: Record<K, string> };

export function defineMessages<K extends string>(messages: Messages<K>): Messages<K> {
  return messages;
}

/** `{name}` placeholders are replaced by `params.name`. */
export function translate<K extends string>(
  messages: Messages<K>,
  language: Language,
  key: K,
  params?: Record<string, string | number>,
): string {
  const template = messages[language][key] ?? messages.fr[key] ?? key;
  return params ? template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`)) : template;
}

export function useT<K extends string>(messages: Messages<K>) {
  const language = useLanguage();
  return (key: K, params?: Record<string, string | number>) => translate(messages, language, key, params);
}
