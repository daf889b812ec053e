import type { EmailMessage, SmsMessage } from '../notifications/notifications.service';
import { escapeHtml, layout } from '../auth/auth.messages';

/**
 * The messages of the administrators' flow (issue 25 item 10), in French: the approval of a
 * pending administrator, and the welcome of one created by another. Never a password: the welcome
 * says who gives it and how to change it.
 */

function hello(firstName: string): string {
  return firstName.trim() ? `Bonjour ${firstName.trim()},` : 'Bonjour,';
}

export function adminApprovedEmail(to: string, firstName: string, siteName: string, signInUrl: string): EmailMessage {
  const lines = [
    `Votre compte administrateur sur ${siteName} est validé.`,
    `Connectez-vous ici pour accéder au back-office : ${signInUrl}`,
  ];
  return {
    to,
    subject: `${siteName} : votre compte administrateur est validé`,
    text: `${hello(firstName)}\n\n${lines.join('\n')}\n\nL’équipe ${siteName}`,
    html: layout(
      siteName,
      'Compte administrateur validé',
      `<p>${escapeHtml(hello(firstName))}</p><p>${escapeHtml(lines[0] as string)}</p><p><a href="${escapeHtml(signInUrl)}">Se connecter au back-office</a></p>`,
    ),
  };
}

export function adminApprovedSms(to: string, siteName: string, signInUrl: string): SmsMessage {
  return { to, text: `${siteName} : votre compte administrateur est validé. Connectez-vous : ${signInUrl}` };
}

export function adminWelcomeEmail(
  to: string,
  firstName: string,
  creatorName: string,
  siteName: string,
  signInUrl: string,
): EmailMessage {
  const lines = [
    `${creatorName} vous a créé un compte administrateur sur ${siteName}.`,
    `Pour vous connecter : ouvrez ${signInUrl}, choisissez « E-mail », saisissez ${to} et le mot de passe que ${creatorName} vous a communiqué.`,
    'Choisissez ensuite votre propre mot de passe avec « Mot de passe oublié ? ».',
  ];
  return {
    to,
    subject: `Bienvenue dans l’équipe ${siteName}`,
    text: `${hello(firstName)}\n\n${lines.join('\n')}\n\nL’équipe ${siteName}`,
    html: layout(
      siteName,
      'Votre compte administrateur',
      `<p>${escapeHtml(hello(firstName))}</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(signInUrl)}">Se connecter</a></p>`,
    ),
  };
}
