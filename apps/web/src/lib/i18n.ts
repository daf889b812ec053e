import { useSyncExternalStore } from 'react';

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

export function setLanguage(language: Language): void {
  current = language;
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this visit
  }
  document.documentElement.lang = language;
  for (const listener of listeners) listener();
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
