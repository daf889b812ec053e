import { html } from './html';
import { type LegalValues, renderLegalPage } from './legal-page';

/**
 * `/confidentialite`: what the service keeps about people, why, for how long, and how to use
 * their rights in the app (issue 27 item 8, decision 048). Every duration said here is what the
 * code does; change both together.
 */
export const PRIVACY_SECTIONS = [
  {
    id: 'donnees',
    title: '1. Les données que nous gardons',
    paragraphs: [
      'Pour votre compte : votre prénom et votre nom, votre nom d’utilisateur, votre adresse e-mail et votre numéro de téléphone (au moins l’un des deux), votre photo si vous en ajoutez une, votre ville, et votre mot de passe sous une forme chiffrée irréversible : personne, pas même nous, ne peut le lire.',
      'Pour ce que vous faites sur le service : les évènements que vous créez, vos participations, vos commentaires, vos mentions « J’aime », vos signalements, votre lien de parrainage et les inscriptions qu’il a apportées, vos récompenses.',
      'Pour la sécurité : vos appareils connectés (le navigateur, l’adresse IP et la date de connexion), les codes à usage unique envoyés (sous une forme chiffrée), les tentatives de connexion échouées et un journal des actions importantes.',
      'Pour la liste d’attente : le nom et le contact que vous y avez laissés.',
    ],
  },
  {
    id: 'pourquoi',
    title: '2. Pourquoi nous les gardons',
    paragraphs: [
      'Pour faire fonctionner le service que vous demandez : vous connecter, publier vos évènements, montrer aux organisateurs qui participe, afficher vos commentaires.',
      'Pour vous joindre : les codes de confirmation, les changements de mot de passe ou de contact, et les informations sur vos évènements.',
      'Pour protéger votre compte et les autres : limiter les tentatives de connexion et les envois de codes, repérer les abus, répondre aux signalements.',
      'Vos données ne sont jamais vendues ni utilisées pour de la publicité. Votre adresse e-mail et votre numéro ne sont jamais montrés aux autres utilisateurs : ils voient votre nom, votre nom d’utilisateur et votre photo sur vos évènements et vos commentaires.',
    ],
  },
  {
    id: 'duree',
    title: '3. Combien de temps',
    paragraphs: [
      'Les données de votre compte sont gardées tant que votre compte existe. Quand vous le supprimez, elles sont effacées aussitôt : nom, nom d’utilisateur, e-mail, téléphone, photo, participations, commentaires et mentions « J’aime ».',
      'Vos évènements publiés restent visibles après la suppression, avec « Anonyme » comme organisateur, car les participants peuvent en avoir besoin ; vos brouillons sont effacés.',
      'Une session de connexion dure au plus le temps fixé par nos réglages de sécurité, puis elle expire. Un code de confirmation est valable 5 minutes ; la trace de son envoi sert à limiter les envois sur 24 heures.',
      'Le journal des actions importantes est gardé pour la sécurité du service ; après la suppression d’un compte, il ne garde que l’action et sa date, sans donnée personnelle.',
    ],
  },
  {
    id: 'droits',
    title: '4. Vos droits et comment les exercer',
    paragraphs: [
      'Accès et portabilité : dans « Mon compte », puis « Profil », le bouton « Télécharger mes données » vous donne un fichier JSON avec votre compte, vos évènements, vos participations, vos commentaires, vos mentions « J’aime », vos parrainages et vos appareils connectés.',
      'Rectification : dans « Profil », modifiez votre nom, votre nom d’utilisateur et votre photo. Pour changer d’adresse e-mail ou de numéro, un code est envoyé au nouveau contact ; l’ancien reste valable jusqu’à ce que vous saisissiez ce code.',
      'Suppression : dans « Profil », « Supprimer mon compte » efface votre compte après que vous avez tapé SUPPRIMER et votre mot de passe. Vous êtes alors déconnecté de tous vos appareils.',
      'Opposition et liste d’attente : pour tout autre droit, ou pour quitter la liste d’attente, écrivez-nous à l’adresse ci-dessous. Nous répondons sous 30 jours au plus.',
    ],
  },
  {
    id: 'partage',
    title: '5. Qui y a accès',
    paragraphs: [
      'Seuls les administrateurs habilités accèdent aux données des comptes, pour les besoins du service ; leurs actions sont journalisées.',
      'Nos prestataires techniques d’envoi de SMS et d’e-mails reçoivent le contact et le message à envoyer, dans cette seule limite.',
      'Les échanges avec le service sont chiffrés.',
    ],
  },
  {
    id: 'loi',
    title: '6. La loi',
    paragraphs: [
      'Ces règles appliquent la loi n° 2024/017 du 23 décembre 2024 relative à la protection des données à caractère personnel au Cameroun, qui vous donne le droit d’accéder à vos données, de les faire rectifier ou effacer, de vous opposer à leur traitement et de les recevoir dans un format lisible. Si vous estimez que vos droits ne sont pas respectés, vous pouvez saisir l’autorité de protection des données à caractère personnel prévue par cette loi.',
    ],
  },
] as const;

/** `/confidentialite`, rendered on the server like `/terms` (decision 027): it shows without JavaScript. */
export function renderPrivacy(values: LegalValues): string {
  return renderLegalPage(values, {
    path: '/confidentialite',
    title: 'Confidentialité et données personnelles',
    shortTitle: 'Confidentialité',
    description: `Ce que ${values.siteName} garde de vos données, pourquoi, combien de temps, et comment exercer vos droits.`,
    updated: '26 novembre 2026',
    intro: `${values.siteName} garde le moins de données possible, et seulement pour faire fonctionner le service. Voici ce que nous gardons, pourquoi, combien de temps, et comment exercer vos droits depuis l’application.`,
    sections: PRIVACY_SECTIONS,
    contactText:
      'Pour toute question sur vos données ou pour exercer un droit, contactez-nous. Nous répondons sous 30 jours au plus.',
    links: html`<a href="/mon-compte/profil">Gérer mes données dans mon profil</a> · <a href="/terms">Conditions d’utilisation</a> · <a href="/">Retour à l’accueil</a>`,
  });
}
