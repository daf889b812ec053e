import { defineMessages } from '../../lib/i18n';

export const accountShellMessages = defineMessages({
  fr: {
    accountNav: 'Mon espace',
    home: 'Accueil',
    myEvents: 'Mes évènements',
    participations: 'Participations',
    ads: 'Publicités',
    myCampaigns: 'Mes publicités',
    premium: 'Premium',
    profile: 'Profil',
    siteHome: 'Retour à l’accueil',
    siteHomeShort: 'Accueil du site',
    offline:
      'Vous êtes hors ligne. Vous voyez les dernières informations chargées ; ce que vous saisissez reste dans les formulaires jusqu’au retour de la connexion.',
  },
  en: {
    accountNav: 'My space',
    home: 'Home',
    myEvents: 'My events',
    participations: 'Participations',
    ads: 'Ads',
    myCampaigns: 'My ads',
    premium: 'Premium',
    profile: 'Profile',
    siteHome: 'Back to the home page',
    siteHomeShort: 'Home page',
    offline:
      'You are offline. You see the last information loaded; what you type stays in the forms until the connection is back.',
  },
});
