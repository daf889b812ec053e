// zod's settings (French messages, no `new Function` under the CSP) before any form validates:
// imported here, with the forms, so zod stays out of the screens that have none.
import '@app/shared/zod-french';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { en, fr } from 'zod/locales';
import { getLanguage, type Language, localize } from './i18n';

function localizeErrors(errors: Record<string, unknown>, language: Language): void {
  for (const value of Object.values(errors)) {
    if (!value || typeof value !== 'object') continue;
    const error = value as { message?: unknown; ref?: unknown };
    if (typeof error.message === 'string') error.message = localize(error.message, language);
    // Nested fields (arrays, objects) hold more errors; `ref` is the DOM element, not an error.
    for (const [key, nested] of Object.entries(value)) {
      if (key !== 'ref' && key !== 'types' && nested && typeof nested === 'object') {
        localizeErrors({ [key]: nested }, language);
      }
    }
  }
}

let configured: Language | null = null;

/**
 * Form validation in the current language: zod's own messages from its locale, the shared
 * schemas' French messages through the shared dictionary (`localize`), French being the
 * fallback. Wrap every form's resolver: `localizeResolver(zodResolver(schema))`.
 */
export function localizeResolver<TValues extends FieldValues, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
): Resolver<TValues, TContext, TOutput> {
  return async (values, context, options) => {
    const language = getLanguage();
    if (configured !== language) {
      z.config(language === 'en' ? en() : fr());
      configured = language;
    }
    const result = await resolver(values, context, options);
    if (language !== 'fr' && result.errors) localizeErrors(result.errors as FieldErrors as Record<string, unknown>, language);
    return result;
  };
}
