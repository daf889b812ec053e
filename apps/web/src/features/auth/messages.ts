import { type Language, localize, useLanguage } from '../../lib/i18n';

/**
 * The sign-in screens keep the spec's French texts in place, word for word; this is their
 * English. `useAuthT()` gives `tr(french, params)`: the English form when English is chosen
 * (this list, else the shared dictionary of server and schema messages), French otherwise.
 */
const EN: Record<string, string> = {
  'Se Connecter': 'Sign in',
  "S'inscrire": 'Sign up',
  'Ce que nous gardons de vos données et pourquoi': 'What we keep of your data and why',
  'Connexion ou inscription': 'Sign in or sign up',
  'Connexion et inscription': 'Sign in and sign up',
  'Retour à l’accueil': 'Back to home',
  'Se connecter': 'Sign in',
  'Se connecter avec': 'Sign in with',
  'E-mail': 'E-mail',
  Email: 'E-mail',
  Téléphone: 'Phone',
  "Nom d'utilisateur": 'Username',
  'Numéro de téléphone': 'Phone number',
  'Mot de passe': 'Password',
  'Mot de passe oublié ?': 'Forgot your password?',
  'Connexion...': 'Signing in...',
  'Compte bloqué. Réessayez après {until}': 'Account blocked. Try again after {until}',
  'vous@exemple.cm': 'you@example.cm',
  votre_nom: 'your_name',
  Prénom: 'First name',
  Nom: 'Last name',
  '3 à 30 caractères : lettres, chiffres, « . », « _ » ou « - ».': '3 to 30 characters: letters, digits, “.”, “_” or “-”.',
  'Au moins un email ou un numéro de téléphone. Le code vous est envoyé par SMS et/ou par email.':
    'At least an e-mail or a phone number. The code is sent to you by SMS and/or e-mail.',
  'Confirmer le mot de passe': 'Confirm the password',
  'Type de compte administrateur (facultatif)': 'Administrator account type (optional)',
  'Aucun (compte utilisateur)': 'None (user account)',
  Administrateur: 'Administrator',
  'Super administrateur': 'Super administrator',
  'Une demande d’accès administrateur reste en attente jusqu’à sa validation.':
    'An administrator access request waits until it is approved.',
  'Inscription...': 'Signing up...',
  "Erreur lors de l'inscription": 'Error while signing up',
  'Mot de passe oublié': 'Forgot password',
  'Entrez l’adresse email ou le numéro de téléphone de votre compte : nous vous enverrons un code.':
    'Enter your account’s e-mail address or phone number: we will send you a code.',
  'E-mail ou téléphone': 'E-mail or phone',
  'vous@exemple.cm ou 6XX XX XX XX': 'you@example.cm or 6XX XX XX XX',
  'Entrez le code reçu par SMS au {phone} et choisissez un nouveau mot de passe.':
    'Enter the code sent by SMS to {phone} and choose a new password.',
  'Envoi...': 'Sending...',
  'Envoyer le code': 'Send the code',
  'Erreur lors de la réinitialisation': 'Error while resetting',
  'Retour à la connexion': 'Back to sign-in',
  'Nouveau mot de passe': 'New password',
  'Entrez le code reçu à {email} et choisissez un nouveau mot de passe.':
    'Enter the code sent to {email} and choose a new password.',
  'Code de réinitialisation': 'Reset code',
  'Nouveau code possible dans {time}': 'New code possible in {time}',
  'Vous pouvez demander un nouveau code.': 'You can ask for a new code.',
  'Renvoyer le code': 'Send the code again',
  'Confirmer le nouveau mot de passe': 'Confirm the new password',
  'Enregistrement...': 'Saving...',
  'Changer le mot de passe': 'Change the password',
  'Erreur lors du changement de mot de passe': 'Error while changing the password',
  "Erreur lors de l'envoi du code": 'Error while sending the code',
  'Vérification du compte': 'Account verification',
  'par SMS': 'by SMS',
  'par email': 'by e-mail',
  'par SMS et par email': 'by SMS and e-mail',
  'par SMS ou par email': 'by SMS or e-mail',
  'Entrez le code à 6 chiffres reçu': 'Enter the 6-digit code received',
  pour: 'for',
  'Écrire sur WhatsApp': 'Write on WhatsApp',
  'Code de vérification': 'Verification code',
  'Vérification...': 'Verifying...',
  Vérifier: 'Verify',
  'Vous pourrez demander un nouveau code dans {time}': 'You can ask for a new code in {time}',
  'Le code a expiré ? Demandez-en un nouveau.': 'Code expired? Ask for a new one.',
  "Erreur lors de l'envoi de l'email de confirmation": 'Error while sending the confirmation e-mail',
  'Compte vérifié avec succès !': 'Account verified successfully!',
  'Format de réponse invalide du serveur': 'Invalid server answer format',
  'Veuillez entrer les 6 chiffres du code': 'Please enter the 6 digits of the code',
  Masquer: 'Hide',
  Afficher: 'Show',
  'Afficher le mot de passe': 'Show the password',
  'Masquer le mot de passe': 'Hide the password',
  'Force : {label}': 'Strength: {label}',
  Aucun: 'None',
  Faible: 'Weak',
  Moyen: 'Medium',
  Fort: 'Strong',
  '8 caractères': '8 characters',
  'Une majuscule': 'An upper-case letter',
  'Un chiffre': 'A digit',
  'Un caractère spécial': 'A special character',
  ' : fait': ': done',
  ' : à faire': ': to do',
  'Chiffre {index} sur 6': 'Digit {index} of 6',
  'Email requis': 'E-mail required',
  'Numéro de téléphone requis': 'Phone number required',
  "Nom d'utilisateur requis": 'Username required',
  'Confirmez le mot de passe': 'Confirm the password',
};

function authText(text: string, language: Language, params?: Record<string, string | number>): string {
  const template = language === 'en' ? (EN[text] ?? localize(text, 'en')) : text;
  return params ? template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`)) : template;
}

export function useAuthT() {
  const language = useLanguage();
  return (text: string, params?: Record<string, string | number>) => authText(text, language, params);
}
