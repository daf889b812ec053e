/** Texts of the landing page (French only). */

export const NAV_LINKS = [
  { href: '#accueil', label: 'Accueil' },
  { href: '#a-propos', label: 'À propos' },
  { href: '#fonctionnalites', label: 'Fonctionnalités' },
  { href: '#faq', label: 'FAQ' },
  { href: '#contact', label: 'Contact' },
] as const;

export const ABOUT = [
  {
    title: 'Notre vision',
    text: 'Un Cameroun où chacun trouve facilement ce qui se passe près de chez lui : concerts, festivals, conférences, matchs, expositions ou simples rencontres entre voisins.',
  },
  {
    title: 'Notre mission',
    text: 'Donner aux organisateurs, petits et grands, un outil simple pour créer, personnaliser et partager leurs évènements, et aux participants un seul endroit pour les découvrir.',
  },
  {
    title: 'Notre communauté',
    text: 'De Douala à Garoua, en passant par Yaoundé, Bafoussam et Kribi : des passionnés qui se retrouvent, se recommandent des sorties et font vivre leur ville.',
  },
] as const;

export const FEATURES = [
  {
    title: 'Créer un évènement',
    text: 'Titre, date, lieu, billets : votre évènement est prêt en quelques minutes, depuis votre téléphone.',
  },
  {
    title: 'Personnaliser',
    text: 'Images, catégories, tags et types de billets : donnez à chaque évènement son style.',
  },
  {
    title: 'Partager, en public ou en privé',
    text: 'Un évènement public pour toute la ville, ou privé pour vos invités seulement : partagez le lien où vous voulez.',
  },
  {
    title: 'La communauté',
    text: 'Suivez les organisateurs que vous aimez, commentez, aimez et invitez vos amis.',
  },
  {
    title: 'Statistiques d’évènement',
    text: 'Participants, vues, mentions « j’aime » : suivez le succès de chaque évènement.',
  },
] as const;

export const PREMIUM = {
  title: 'Abonnement premium',
  text: 'Pour les organisateurs qui veulent aller plus loin :',
  items: ['Géolocalisation', 'Personnalisation avancée', 'Statistiques détaillées'],
} as const;

/** Its answer is the setting « Date de lancement prévue » (`launchAnswer`, decision 017). */
export const LAUNCH_QUESTION = 'Quand l’application sera-t-elle disponible ?';

export const FAQ_GROUPS = [
  {
    title: 'Le lancement',
    items: [
      {
        q: LAUNCH_QUESTION,
        a: '',
      },
      {
        q: 'À quoi sert la liste d’attente ?',
        a: 'Elle nous permet de vous prévenir en priorité, par SMS ou par e-mail, dès que vous pourrez créer votre compte.',
      },
      {
        q: 'Dans quelles villes l’application sera-t-elle disponible ?',
        a: 'Partout au Cameroun : Douala, Yaoundé, Bafoussam, Garoua, Kribi et toutes les autres villes.',
      },
    ],
  },
  {
    title: 'Utiliser l’application',
    items: [
      {
        q: 'Quel âge faut-il avoir pour l’utiliser ?',
        a: 'L’application est ouverte à toute personne âgée de 13 ans et plus.',
      },
      {
        q: 'L’application est-elle gratuite ?',
        a: 'Oui, la version de base est gratuite. Un abonnement premium ajoute la géolocalisation, la personnalisation avancée et les statistiques détaillées.',
      },
      {
        q: 'Puis-je créer des évènements privés ?',
        a: 'Oui. Chaque évènement peut être public, visible par tous, ou privé, visible seulement par les personnes que vous invitez.',
      },
    ],
  },
] as const;

export const TESTIMONIALS = [
  {
    name: 'Aïcha B.',
    city: 'Douala',
    text: 'Enfin un seul endroit pour savoir où sortir le week-end à Douala. J’ai hâte de l’avoir sur mon téléphone !',
  },
  {
    name: 'Thierry F.',
    city: 'Yaoundé',
    text: 'J’organise des concerts à Yaoundé : pouvoir vendre mes billets et suivre les inscriptions au même endroit, c’est exactement ce qu’il me fallait.',
  },
  {
    name: 'Grace A.',
    city: 'Bafoussam',
    text: 'Pour nos réunions d’association, les évènements privés vont nous simplifier la vie.',
  },
  {
    name: 'Brice K.',
    city: 'Garoua',
    text: 'Léger, rapide, en français : parfait pour mon petit forfait internet.',
  },
  {
    name: 'Éloïse N.',
    city: 'Kribi',
    text: 'On rate souvent les festivals faute d’information. Avec cette application, fini les regrets !',
  },
  {
    name: 'Yves O.',
    city: 'Douala',
    text: 'Les statistiques m’aideront à comprendre qui vient à mes conférences et à mieux les préparer.',
  },
  {
    name: 'Rose M.',
    city: 'Yaoundé',
    text: 'J’ai inscrit toute ma famille sur la liste d’attente. Vivement le lancement !',
  },
] as const;
