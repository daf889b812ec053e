import type { EmailMessage } from '../notifications/notifications.service';

/** The e-mails and SMS of the accounts flow, in French; the code is in the subject so a phone shows it. */

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

export function layout(siteName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-weight:bold;color:#b45309">${escapeHtml(siteName)}</p>
${body}
<p style="margin:24px 0 0;font-size:12px;color:#78716c">Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.</p>
</div></body></html>`;
}

function codeBlock(code: string): string {
  return `<p style="margin:16px 0;font-size:32px;letter-spacing:8px;font-weight:bold;text-align:center">${code}</p>`;
}

export function verificationEmail(to: string, code: string, firstName: string, siteName: string): EmailMessage {
  const hello = firstName ? `Bonjour ${firstName},` : 'Bonjour,';
  return {
    to,
    subject: `${code} est votre code de vérification ${siteName}`,
    text: `${hello}\n\nVotre code de vérification est : ${code}\nIl est valable 5 minutes.\n\n${siteName}`,
    html: layout(
      siteName,
      'Code de vérification',
      `<p>${escapeHtml(hello)}</p><p>Voici votre code de vérification :</p>${codeBlock(code)}<p>Il est valable 5 minutes.</p>`,
    ),
  };
}

/** The reset e-mail: the 6-digit code and, beside it, the link (issue 24, finding 10). */
export function resetEmail(to: string, code: string, firstName: string, siteName: string, link: string): EmailMessage {
  const hello = firstName ? `Bonjour ${firstName},` : 'Bonjour,';
  return {
    to,
    subject: `${code} est votre code de réinitialisation ${siteName}`,
    text: `${hello}\n\nVous avez demandé à réinitialiser votre mot de passe.\nVotre code est : ${code}\nOu ouvrez ce lien : ${link}\nIl est valable 5 minutes.\n\n${siteName}`,
    html: layout(
      siteName,
      'Réinitialisation du mot de passe',
      `<p>${escapeHtml(hello)}</p><p>Vous avez demandé à réinitialiser votre mot de passe. Voici votre code :</p>${codeBlock(code)}<p>Ou ouvrez ce lien : <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>Il est valable 5 minutes.</p>`,
    ),
  };
}

export function confirmationEmail(to: string, firstName: string, siteName: string): EmailMessage {
  const hello = firstName ? `Bonjour ${firstName},` : 'Bonjour,';
  return {
    to,
    subject: `Bienvenue sur ${siteName} : votre compte est vérifié`,
    text: `${hello}\n\nVotre compte est vérifié. Vous pouvez maintenant vous connecter.\n\n${siteName}`,
    html: layout(
      siteName,
      'Compte vérifié',
      `<p>${escapeHtml(hello)}</p><p>Votre compte est vérifié. Vous pouvez maintenant vous connecter.</p>`,
    ),
  };
}

export function passwordChangedEmail(to: string, firstName: string, siteName: string): EmailMessage {
  const hello = firstName ? `Bonjour ${firstName},` : 'Bonjour,';
  return {
    to,
    subject: `Votre mot de passe ${siteName} a été modifié`,
    text: `${hello}\n\nLe mot de passe de votre compte vient d’être modifié et toutes vos sessions ont été fermées.\nSi ce n’est pas vous, contactez le support.\n\n${siteName}`,
    html: layout(
      siteName,
      'Mot de passe modifié',
      `<p>${escapeHtml(hello)}</p><p>Le mot de passe de votre compte vient d’être modifié et toutes vos sessions ont été fermées.</p><p>Si ce n’est pas vous, contactez le support.</p>`,
    ),
  };
}

export function verificationSms(code: string, siteName: string): string {
  return `${siteName} : votre code de vérification est ${code}. Il est valable 5 minutes.`;
}

/**
 * The reset SMS (issue 25 item 8, decision 029): the code first, so a phone's notification and
 * its one-time-code autofill show it, then the link, which wrong codes from strangers do not stop.
 */
export function resetSms(code: string, siteName: string, link: string): string {
  return `${siteName} : votre code de réinitialisation est ${code}. Il est valable 5 minutes. Ou ouvrez ce lien : ${link}`;
}

/** Told by SMS to an account without e-mail whose password changed. */
export function passwordChangedSms(siteName: string): string {
  return `${siteName} : le mot de passe de votre compte vient d’être modifié et toutes vos sessions ont été fermées. Si ce n’est pas vous, contactez le support.`;
}

/** The notice when an SMS could not be sent now: the SMS service has problems; a WhatsApp contact. */
export function smsNotice(supportPhone: string): string {
  const contact = supportPhone ? ` sur WhatsApp au ${supportPhone}` : ' sur WhatsApp';
  return `Notre service d'envoi de codes par SMS rencontre actuellement des problèmes. Si vous ne recevez pas votre code, contactez-nous${contact}.`;
}
