import { html } from './html';
import { type LegalValues, renderLegalPage } from './legal-page';

/** The conditions of use, in French (they were the web app's `/terms` screen until issue 25). */
export const TERMS_SECTIONS = [
  {
    id: 'objet',
    title: '1. Objet',
    paragraphs: [
      'Les présentes conditions d’utilisation encadrent l’accès et l’usage du site et de l’application Évènements Cameroun, une plateforme qui permet de découvrir, créer, personnaliser et partager des évènements locaux au Cameroun.',
      'En utilisant le service, y compris en vous inscrivant sur la liste d’attente, vous acceptez ces conditions. Si vous ne les acceptez pas, n’utilisez pas le service.',
    ],
  },
  {
    id: 'comptes',
    title: '2. Comptes',
    paragraphs: [
      'Certaines fonctions demandent un compte. Vous vous engagez à fournir des informations exactes (nom, adresse e-mail ou numéro de téléphone) et à les tenir à jour.',
      'Votre compte est confirmé par un code à usage unique envoyé par SMS ou par e-mail. Vous êtes responsable de la confidentialité de votre mot de passe et de toute activité réalisée depuis votre compte. Prévenez-nous sans tarder de toute utilisation non autorisée.',
      'Nous pouvons suspendre ou fermer un compte qui enfreint ces conditions, après vous en avoir informé lorsque c’est possible.',
    ],
  },
  {
    id: 'age-minimum',
    title: '3. Âge minimum',
    paragraphs: [
      'Le service est réservé aux personnes âgées de 13 ans et plus. Si vous avez moins de 18 ans, vous devez avoir l’accord d’un parent ou d’un tuteur légal pour l’utiliser.',
      'Si nous apprenons qu’un compte appartient à une personne de moins de 13 ans, nous le supprimons avec les données qui s’y rattachent.',
    ],
  },
  {
    id: 'contenus',
    title: '4. Contenus des utilisateurs',
    paragraphs: [
      'Vous restez propriétaire des contenus que vous publiez (évènements, descriptions, images, commentaires). Vous nous accordez le droit, non exclusif et gratuit, de les afficher et de les diffuser sur le service pour le faire fonctionner, aussi longtemps qu’ils y sont publiés.',
      'Vous vous engagez à ne publier que des contenus licites, exacts et respectueux d’autrui : pas de contenus haineux, violents, trompeurs, contrefaisants ou portant atteinte à la vie privée. Les évènements doivent décrire fidèlement leur date, leur lieu et leurs conditions d’accès.',
      'Tout utilisateur peut signaler un contenu. Nous pouvons retirer un contenu qui enfreint ces règles ou la loi.',
    ],
  },
  {
    id: 'donnees-personnelles',
    title: '5. Données personnelles et leur protection',
    paragraphs: [
      'Nous collectons uniquement les données nécessaires au service : votre nom, votre numéro de téléphone, votre adresse e-mail si vous la donnez, et, pour les comptes, les informations de connexion et votre activité sur la plateforme.',
      'Ces données servent à gérer la liste d’attente et votre compte, à vous envoyer les codes de confirmation et les informations sur le lancement, et à assurer la sécurité du service. Elles ne sont jamais vendues. Elles ne sont transmises qu’aux prestataires techniques qui nous aident à envoyer les SMS et les e-mails, dans cette seule limite.',
      'Les mots de passe sont conservés sous une forme chiffrée irréversible ; les échanges avec le service sont chiffrés. L’accès aux données est réservé aux administrateurs habilités, et leurs actions sont journalisées.',
      'Conformément à la réglementation camerounaise sur la protection des données à caractère personnel, vous pouvez à tout moment demander l’accès à vos données, leur rectification ou leur suppression, y compris votre retrait de la liste d’attente, en nous écrivant à l’adresse indiquée ci-dessous.',
    ],
  },
  {
    id: 'responsabilite',
    title: '6. Responsabilité',
    paragraphs: [
      'Les organisateurs sont seuls responsables des évènements qu’ils publient et de leur bon déroulement. Nous faisons notre possible pour que le service soit disponible et fiable, sans pouvoir garantir une disponibilité permanente.',
    ],
  },
  {
    id: 'modifications',
    title: '7. Modifications',
    paragraphs: [
      'Nous pouvons faire évoluer ces conditions. En cas de changement important, nous vous en informons avant son entrée en vigueur. Continuer à utiliser le service ensuite vaut acceptation des nouvelles conditions.',
    ],
  },
] as const;

/**
 * `/terms`, rendered on the server so it shows without JavaScript (issue 25, decision 027): the
 * sections, a table of contents and the support contact of the settings.
 */
export function renderTerms(values: LegalValues): string {
  return renderLegalPage(values, {
    path: '/terms',
    title: 'Conditions d’utilisation',
    description: `Les conditions d’utilisation de ${values.siteName} : comptes, âge minimum, contenus, données personnelles.`,
    updated: '22 novembre 2026',
    sections: TERMS_SECTIONS,
    contactText:
      'Pour toute question sur ces conditions ou sur vos données personnelles, contactez-nous. Nous répondons sous 30 jours au plus.',
    links: html`<a href="/">Retour à l’accueil</a>`,
  });
}
