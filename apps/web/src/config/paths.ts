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

export const paths = {
  /** The landing page: its own document (decision 001), left with a page load. */
  landing: '/',
  signIn: '/GetStarted',
  /** The older address of the sign-in page, still redirected. */
  signInLegacy: '/auth/get-started',
  account: '/mon-compte',
  terms: '/terms',
  admin: {
    root: ADMIN_ROOT,
    /** `/admin/{segment}`; the home for ''. */
    screen: (segment: AdminSegment): string => (segment ? `${ADMIN_ROOT}/${segment}` : ADMIN_ROOT),
    /** The events screen with the creation dialog open. */
    createEvent: `${ADMIN_ROOT}/${ADMIN_SEGMENTS.events}?create=1`,
  },
} as const;
