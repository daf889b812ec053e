import { defineMessages } from '../../lib/i18n';

export const accountShellMessages = defineMessages({
  fr: {
    accountNav: 'Mon espace',
    home: 'Accueil',
    myEvents: 'Mes évènements',
    participations: 'Participations',
    profile: 'Profil',
    siteHome: 'Retour à l’accueil',
  },
  en: {
    accountNav: 'My space',
    home: 'Home',
    myEvents: 'My events',
    participations: 'Participations',
    profile: 'Profile',
    siteHome: 'Back to the home page',
  },
});
