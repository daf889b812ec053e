import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { applyServerErrors, onlyFields } from './server-errors';

type Values = { name: string; email: string; address: string };

function refusal(fieldErrors: Record<string, string[]>) {
  return new ApiRequestError(400, 'Données invalides', 'VALIDATION_ERROR', {
    message: 'Données invalides',
    code: 'VALIDATION_ERROR',
    fieldErrors,
  });
}

function recorder() {
  const set: Record<string, string> = {};
  return { set, form: { setError: (name: string, error: { message?: string }) => (set[name] = error.message ?? '') } };
}

describe('applyServerErrors', () => {
  it('puts each path’s first message on the field of the same name', () => {
    const { set, form } = recorder();
    const applied = applyServerErrors<Values>(
      form,
      refusal({ name: ['Le nom est requis', 'autre'], email: ['Adresse e-mail invalide'] }),
    );
    expect(applied).toBe(true);
    expect(set).toEqual({ name: 'Le nom est requis', email: 'Adresse e-mail invalide' });
  });

  it('maps server paths to form fields and leaves out what the form does not show', () => {
    const { set, form } = recorder();
    const fieldOf = (path: string) => (path === 'location.address' ? ('address' as const) : null);
    applyServerErrors<Values>(form, refusal({ 'location.address': ['L’adresse est requise'], organizerId: ['x'] }), fieldOf);
    expect(set).toEqual({ address: 'L’adresse est requise' });
    const only = recorder();
    expect(applyServerErrors<Values>(only.form, refusal({ role: ['Rôle invalide'] }), onlyFields(['name', 'email']))).toBe(false);
    expect(only.set).toEqual({});
  });

  it('does nothing for an error without field messages or that is not an API refusal', () => {
    const { set, form } = recorder();
    expect(applyServerErrors<Values>(form, new ApiRequestError(0, 'Erreur de connexion au serveur', 'NETWORK', null))).toBe(
      false,
    );
    expect(applyServerErrors<Values>(form, new Error('boom'))).toBe(false);
    expect(applyServerErrors<Values>(form, refusal({ name: [] }))).toBe(false);
    expect(set).toEqual({});
  });
});
