import { defineMessages } from './i18n';

/**
 * The event form's field labels, one text for both forms that edit an event: the back office's
 * (features/events) and the organiser's (features/my-events). Their messages spread these in.
 */
export const eventFieldMessages = defineMessages({
  fr: {
    fieldTitle: 'Titre',
    fieldDescription: 'Description',
    fieldStartDate: 'Date de début',
    fieldStartTime: 'Heure de début',
    fieldEndDate: 'Date de fin',
    fieldEndTime: 'Heure de fin',
    fieldAddress: 'Adresse',
    fieldCity: 'Ville',
    fieldCategory: 'Catégorie',
    chooseCategory: 'Choisir une catégorie',
  },
  en: {
    fieldTitle: 'Title',
    fieldDescription: 'Description',
    fieldStartDate: 'Start date',
    fieldStartTime: 'Start time',
    fieldEndDate: 'End date',
    fieldEndTime: 'End time',
    fieldAddress: 'Address',
    fieldCity: 'City',
    fieldCategory: 'Category',
    chooseCategory: 'Choose a category',
  },
});

/** The start and end of an event, as both forms lay them out: field, label key, input type. */
export const EVENT_DATE_FIELDS = [
  ['startDate', 'fieldStartDate', 'date'],
  ['startTime', 'fieldStartTime', 'time'],
  ['endDate', 'fieldEndDate', 'date'],
  ['endTime', 'fieldEndTime', 'time'],
] as const;
