import { defineMessages } from '../../lib/i18n';

export const notificationsMessages = defineMessages({
  fr: {
    title: 'Notifications',
    bell: 'Notifications',
    bellUnread: 'Notifications, {count} non lue(s)',
    intro: 'Ce qui a changé pour vos évènements, vos participations et votre compte.',
    markAllRead: 'Tout marquer comme lu',
    settings: 'Choisir ce que je reçois par e-mail, SMS ou sur le téléphone',
    allRead: 'Toutes vos notifications sont lues.',
    unread: 'Non lue',
    loading: 'Chargement de vos notifications...',
    loadError: 'Impossible de charger vos notifications',
    retry: 'Réessayer',
    empty: 'Aucune notification pour l’instant.',
    emptyHint:
      'Vous serez prévenu ici quand un évènement auquel vous participez change ou approche, et quand quelqu’un rejoint ou commente vos évènements.',
    previousPage: 'Plus récentes',
    nextPage: 'Plus anciennes',
    pageNumber: 'Page {page}',
    pagination: 'Pages de vos notifications',
  },
  en: {
    title: 'Notifications',
    bell: 'Notifications',
    bellUnread: 'Notifications, {count} unread',
    intro: 'What changed for your events, your participations and your account.',
    markAllRead: 'Mark all as read',
    settings: 'Choose what I receive by e-mail, text message or on my phone',
    allRead: 'All your notifications are read.',
    unread: 'Unread',
    loading: 'Loading your notifications...',
    loadError: 'Could not load your notifications',
    retry: 'Retry',
    empty: 'No notifications yet.',
    emptyHint:
      'You will be told here when an event you take part in changes or draws near, and when someone joins or comments on your events.',
    previousPage: 'Newer',
    nextPage: 'Older',
    pageNumber: 'Page {page}',
    pagination: 'Pages of your notifications',
  },
});
