export type SignupField = 'name' | 'phone' | 'email';
export type SignupValues = Record<SignupField, string>;
export type SignupErrors = Partial<Record<SignupField, string>>;

/**
 * A light first check in the browser; the server checks again with the shared zod schema
 * (which is kept out of this page to keep it small) and its messages win.
 */
export function checkSignup(values: SignupValues): SignupErrors {
  const errors: SignupErrors = {};
  if (!values.name.trim()) errors.name = 'Le nom est requis';
  else if (values.name.trim().length > 120) errors.name = '120 caractères au maximum';
  const digits = values.phone.replace(/\D/g, '');
  if (!values.phone.trim()) errors.phone = 'Numéro de téléphone requis';
  else if (digits.length < 8 || digits.length > 15 || /[^\d\s+().-]/.test(values.phone))
    errors.phone = 'Numéro de téléphone invalide';
  const email = values.email.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'Adresse e-mail invalide';
  return errors;
}
