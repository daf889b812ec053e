/**
 * Every path of the single-page app, in one place. The back office's screens are segments under
 * `/admin` (the router's child routes and the sidebar both use `ADMIN_SEGMENTS`).
 */
export const ADMIN_SEGMENTS = {
  home: '',
  events: 'events',
  transactions: 'transactions',
  partners: 'partners',
  ads: 'ads',
  messages: 'messages',
  waitlist: 'waitlist',
  users: 'users',
  stats: 'stats',
  business: 'business',
  referrals: 'referrals',
  rewards: 'rewards',
  rewardRules: 'reward-rules',
  administration: 'administration',
  roles: 'roles',
  reports: 'reports',
  settings: 'settings',
} as const;

export type AdminSegment = (typeof ADMIN_SEGMENTS)[keyof typeof ADMIN_SEGMENTS];

const ADMIN_ROOT = '/admin';
const ACCOUNT_ROOT = '/mon-compte';

import { SIGN_IN_PATH } from '@app/shared/next-path';

export const paths = {
  /** The landing page: its own document (decision 001), left with a page load. */
  landing: '/',
  signIn: SIGN_IN_PATH,
  /** The older address of the sign-in page, still redirected. */
  signInLegacy: '/auth/get-started',
  account: ACCOUNT_ROOT,
  /** The organiser space: the account's own events, each with its screens (issue 27). */
  organiser: {
    events: `${ACCOUNT_ROOT}/evenements`,
    newEvent: `${ACCOUNT_ROOT}/evenements/nouveau`,
    event: (id: string): string => `${ACCOUNT_ROOT}/evenements/${id}`,
    eventStats: (id: string): string => `${ACCOUNT_ROOT}/evenements/${id}/statistiques`,
    editEvent: (id: string): string => `${ACCOUNT_ROOT}/evenements/${id}/modifier`,
    participants: (id: string): string => `${ACCOUNT_ROOT}/evenements/${id}/participants`,
    comments: (id: string): string => `${ACCOUNT_ROOT}/evenements/${id}/commentaires`,
    /** Writing to the event's participants (issue 29). */
    announcements: (id: string): string => `${ACCOUNT_ROOT}/evenements/${id}/annonces`,
    /** Promoting the event: a paid campaign (issue 30). */
    promote: (id: string): string => `${ACCOUNT_ROOT}/evenements/${id}/promouvoir`,
    /** The door: scan tickets, also for door helpers. */
    checkIn: (id: string): string => `${ACCOUNT_ROOT}/evenements/${id}/entree`,
  },
  /** The events the account takes part in, each with its ticket. */
  participations: `${ACCOUNT_ROOT}/participations`,
  /** The account's conversations (issue 29): with the team, organisers and participants. */
  messages: `${ACCOUNT_ROOT}/messages`,
  /** One conversation; `support` is the one with the team. */
  conversation: (id: string): string => `${ACCOUNT_ROOT}/messages/${id}`,
  /** A first message about an event: to its organiser, or (its organiser) to one participant. */
  newMessage: (eventId: string, participantId?: string): string =>
    `${ACCOUNT_ROOT}/messages/nouveau?evenement=${eventId}${participantId ? `&participant=${participantId}` : ''}`,
  /** What changed for the account: its notifications (issue 29). */
  notifications: `${ACCOUNT_ROOT}/notifications`,
  /** A participant's ticket (QR code), readable offline once opened. */
  ticket: (eventId: string): string => `${ACCOUNT_ROOT}/participations/${eventId}/billet`,
  profile: `${ACCOUNT_ROOT}/profil`,
  /** The plans, what premium unlocks, and the payment with Mobile Money (issue 28). */
  premium: `${ACCOUNT_ROOT}/premium`,
  /** 'Mes publicités': the account's campaigns promoting its events (issue 30). */
  campaigns: `${ACCOUNT_ROOT}/publicites`,
  campaign: (id: string): string => `${ACCOUNT_ROOT}/publicites/${id}`,
  /** Rendered by the server (apps/api/src/modules/public-pages/terms.ts): left with a page load. */
  terms: '/terms',
  /** Rendered by the server like the terms: what is kept and why (issue 27 item 8). */
  privacy: '/confidentialite',
  admin: {
    root: ADMIN_ROOT,
    /** `/admin/{segment}`; the home for ''. */
    screen: (segment: AdminSegment): string => (segment ? `${ADMIN_ROOT}/${segment}` : ADMIN_ROOT),
    /** The events screen with the creation dialog open. */
    createEvent: `${ADMIN_ROOT}/${ADMIN_SEGMENTS.events}?create=1`,
    /** 'Messagerie' › 'Envois en échec': the outbox's dead letters (decision 066). */
    failedMessages: `${ADMIN_ROOT}/${ADMIN_SEGMENTS.messages}/envois`,
  },
} as const;

/**
 * Whether the app shows this path itself (a navigation inside the app, which keeps its toasts);
 * any other path — `/`, `/evenements` and the event pages — is a page of the server, left with a
 * page load.
 */
export function isAppPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname === paths.signIn || isAccountPath(pathname) || isBackOfficePath(pathname);
}

/** A screen of the back office (`/admin`, `/admin/…`, with or without a query). */
export function isBackOfficePath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname === ADMIN_ROOT || pathname.startsWith(`${ADMIN_ROOT}/`);
}

/** 'Mon compte' and the screens under it (organiser space, participations, profile). */
export function isAccountPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname === ACCOUNT_ROOT || pathname.startsWith(`${ACCOUNT_ROOT}/`);
}
