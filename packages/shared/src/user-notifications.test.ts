import { describe, expect, it } from 'vitest';
import { quietHoursEnd, type UserNotificationKind } from './notification-kinds';
import { notificationText, type UserNotificationData } from './user-notifications';

const text = (kind: UserNotificationKind, data: UserNotificationData, count = 1, language: 'fr' | 'en' = 'fr') =>
  notificationText({ kind, data, count }, language);

describe('the sentence of a notification', () => {
  const event = { eventTitle: 'Gala des Lions', startDateTime: '2027-06-12T17:05:00Z', address: 'Rue Joss', city: 'Douala' };

  it('says a move of date in Douala time, the French way, and a move of place', () => {
    expect(
      text('event_moved', {
        ...event,
        previousStartDateTime: '2027-06-11T17:05:00Z',
        previousCity: 'Douala',
        previousAddress: 'Rue Joss',
      }),
    ).toBe('« Gala des Lions » change : désormais le samedi 12 juin à 18 h 05.');
    expect(
      text(
        'event_moved',
        { ...event, previousStartDateTime: event.startDateTime, previousCity: 'Yaoundé', previousAddress: 'Rue Joss' },
        1,
        'en',
      ),
    ).toBe('« Gala des Lions » changed: at Rue Joss, Douala.');
  });

  it('counts the people who joined and the comments written, in both languages', () => {
    expect(text('participant_joined', { ...event, actorName: 'Awa' })).toBe('Awa participe à « Gala des Lions ».');
    expect(text('participant_joined', { ...event, actorName: 'Awa' }, 2)).toBe(
      'Awa et 1 autre personne participent à « Gala des Lions ».',
    );
    // Comments are counted, not people: one person may write several.
    expect(text('event_comment', { ...event, actorName: 'Awa' }, 3, 'en')).toBe(
      '3 new comments on « Gala des Lions », the latest by Awa.',
    );
    expect(text('event_comment', { ...event, actorName: 'Awa' }, 2)).toBe(
      '2 nouveaux commentaires sur « Gala des Lions », le dernier de Awa.',
    );
    expect(text('event_comment', event)).toBe('Quelqu’un a commenté « Gala des Lions ».');
  });

  it('writes amounts in FCFA with a thin space and dates in Douala time', () => {
    expect(text('payment_succeeded', { amount: 20000, premiumUntil: '2027-12-31T23:30:00Z' })).toBe(
      'Paiement de 20\u202f000 FCFA reçu : Premium jusqu’au 1er janvier 2028.',
    );
    expect(text('premium_ending', { premiumUntil: '2027-06-12T10:00:00Z' }, 1, 'en')).toBe(
      'Your premium ends on 12 June 2027. Renew it to keep its advantages.',
    );
  });

  it('names what a reward gives', () => {
    expect(text('reward_granted', { rewardType: 'premium_days', rewardValue: 30 })).toBe(
      'Récompense accordée : 30 jours de Premium.',
    );
    expect(text('reward_granted', { rewardType: 'credit_fcfa', rewardValue: 1500 })).toBe(
      'Récompense accordée : un crédit de 1\u202f500 FCFA sur votre prochain paiement.',
    );
    expect(text('reward_granted', { rewardType: 'badge', rewardValue: 1 })).toBe(
      'Une récompense de parrainage vous a été accordée.',
    );
  });

  it('reminds with the time only when it is soon', () => {
    expect(text('event_reminder_soon', event)).toBe('Bientôt : « Gala des Lions » commence à 18 h 05, Rue Joss, Douala.');
    expect(text('event_reminder_day', { ...event, startDateTime: '2027-06-12T17:00:00Z' }, 1, 'en')).toBe(
      'Tomorrow: « Gala des Lions », Saturday 12 June at 18:00, Douala.',
    );
  });

  it('gives the cancellation with and without the organiser’s message', () => {
    expect(text('event_cancelled', { ...event, message: null })).toBe('« Gala des Lions » est annulé.');
    expect(text('event_cancelled', { ...event, message: 'Pluie.' }, 1, 'en')).toBe(
      '« Gala des Lions » is cancelled. The organiser says: Pluie.',
    );
  });
});

describe('the quiet hours (22:00–07:00 Douala)', () => {
  it('end at the next 07:00 Douala, and are not in force during the day', () => {
    expect(quietHoursEnd(new Date('2027-06-12T21:30:00Z'))?.toISOString()).toBe('2027-06-13T06:00:00.000Z'); // 22:30
    expect(quietHoursEnd(new Date('2027-06-12T02:00:00Z'))?.toISOString()).toBe('2027-06-12T06:00:00.000Z'); // 03:00
    expect(quietHoursEnd(new Date('2027-06-12T06:00:00Z'))).toBeNull(); // 07:00
    expect(quietHoursEnd(new Date('2027-06-12T20:59:00Z'))).toBeNull(); // 21:59
  });
});
