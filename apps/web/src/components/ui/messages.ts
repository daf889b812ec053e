import { defineMessages } from '../../lib/i18n';

export const uiMessages = defineMessages({
  fr: {
    page: 'Page {page} sur {count}',
    first: 'Première page',
    previous: 'Page précédente',
    next: 'Page suivante',
    last: 'Dernière page',
    pagination: 'Pagination',
    loading: 'Chargement...',
    retry: 'Réessayer',
    loadError: 'Erreur de chargement',
    close: 'Fermer',
    cancel: 'Annuler',
    confirm: 'Confirmer',
    confirmTitle: 'Confirmation',
  },
  en: {
    page: 'Page {page} of {count}',
    first: 'First page',
    previous: 'Previous page',
    next: 'Next page',
    last: 'Last page',
    pagination: 'Pagination',
    loading: 'Loading...',
    retry: 'Try again',
    loadError: 'Loading failed',
    close: 'Close',
    cancel: 'Cancel',
    confirm: 'Confirm',
    confirmTitle: 'Confirmation',
  },
});
