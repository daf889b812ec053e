import { defineMessages } from '../../lib/i18n';

/** 'Notifications' of the profile: which kinds reach the person by e-mail or SMS (decision 061). */
export const notificationPreferencesMessages = defineMessages({
  fr: {
    title: 'Notifications',
    intro:
      'Vos notifications restent toujours visibles dans l’application. Choisissez ce que vous recevez aussi par e-mail ou par SMS.',
    quietHours: 'Aucun SMS entre {from} et {to} (heure de Douala) : ils partent à {to}, sauf une annulation, envoyée aussitôt.',
    loading: 'Chargement de vos préférences...',
    loadError: 'Impossible de charger vos préférences',
    retry: 'Réessayer',
    saved: 'Préférence enregistrée',
    email: 'E-mail',
    sms: 'SMS',
    'kind.event_cancelled': 'Un évènement auquel je participe est annulé',
    'kind.event_moved': 'Un évènement auquel je participe change de date ou de lieu',
    'kind.event_reminder_day': 'Rappel la veille d’un évènement auquel je participe',
    'kind.premium_ending': 'Mon Premium arrive à son terme',
  },
  en: {
    title: 'Notifications',
    intro: 'Your notifications always stay visible in the app. Choose what you also receive by e-mail or text message.',
    quietHours: 'No text message between {from} and {to} (Douala time): they leave at {to}, except a cancellation, sent at once.',
    loading: 'Loading your preferences...',
    loadError: 'Could not load your preferences',
    retry: 'Retry',
    saved: 'Preference saved',
    email: 'E-mail',
    sms: 'Text message',
    'kind.event_cancelled': 'An event I take part in is cancelled',
    'kind.event_moved': 'An event I take part in changes date or place',
    'kind.event_reminder_day': 'Reminder the day before an event I take part in',
    'kind.premium_ending': 'My premium is about to end',
  },
});
