import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ADMIN_SEGMENTS, paths } from '../config/paths';
import { LeaveForLanding } from './routes/public/leave-for-landing';
import { RouteError } from './routes/public/route-error';
import { RouteLoading } from './routes/public/route-loading';

/** A route whose screen is its own chunk, loaded when the route is visited. */
function screen(segment: string, load: () => Promise<{ Component: RouteObject['Component'] }>): RouteObject {
  return segment ? { path: segment, lazy: load } : { index: true, lazy: load };
}

// The back office: the shell (session check, sidebar, top bar) around one screen per segment.
const referralPages = () => import('./routes/admin/referrals-pages');
const adminScreens: RouteObject[] = [
  screen(ADMIN_SEGMENTS.home, () => import('./routes/admin/home-page').then((m) => ({ Component: m.HomePage }))),
  screen(ADMIN_SEGMENTS.events, () => import('./routes/admin/events-page').then((m) => ({ Component: m.EventsPage }))),
  screen(ADMIN_SEGMENTS.administration, () =>
    import('./routes/admin/administration-page').then((m) => ({ Component: m.AdministrationPage })),
  ),
  screen(ADMIN_SEGMENTS.waitlist, () => import('./routes/admin/waitlist-page').then((m) => ({ Component: m.WaitlistPage }))),
  screen(ADMIN_SEGMENTS.settings, () => import('./routes/admin/settings-page').then((m) => ({ Component: m.SettingsPage }))),
  screen(ADMIN_SEGMENTS.stats, () => import('./routes/admin/stats-page').then((m) => ({ Component: m.StatsPage }))),
  screen(ADMIN_SEGMENTS.transactions, () =>
    import('./routes/admin/transactions-page').then((m) => ({ Component: m.TransactionsPage })),
  ),
  screen(ADMIN_SEGMENTS.ads, () => import('./routes/admin/ads-page').then((m) => ({ Component: m.AdsPage }))),
  screen(ADMIN_SEGMENTS.messages, () => import('./routes/admin/messages-page').then((m) => ({ Component: m.MessagesPage }))),
  screen(`${ADMIN_SEGMENTS.messages}/envois`, () =>
    import('./routes/admin/messages-page').then((m) => ({ Component: m.FailedMessagesPage })),
  ),
  screen(ADMIN_SEGMENTS.roles, () => import('./routes/admin/roles-page').then((m) => ({ Component: m.RolesPage }))),
  screen(ADMIN_SEGMENTS.reports, () => import('./routes/admin/reports-page').then((m) => ({ Component: m.ReportsPage }))),
  screen(ADMIN_SEGMENTS.users, () => import('./routes/admin/users-page').then((m) => ({ Component: m.UsersPage }))),
  screen(ADMIN_SEGMENTS.partners, () => import('./routes/admin/partners-page').then((m) => ({ Component: m.PartnersPage }))),
  screen(ADMIN_SEGMENTS.business, () =>
    import('./routes/admin/business-pages-page').then((m) => ({ Component: m.BusinessPage })),
  ),
  screen(ADMIN_SEGMENTS.referrals, () => referralPages().then((m) => ({ Component: m.ReferralsPage }))),
  screen(ADMIN_SEGMENTS.rewards, () => referralPages().then((m) => ({ Component: m.RewardsPage }))),
  screen(ADMIN_SEGMENTS.rewardRules, () => referralPages().then((m) => ({ Component: m.RewardRulesPage }))),
  { path: '*', element: <Navigate to={paths.admin.root} replace /> },
];

// 'Mon compte' and the account's own screens (organiser space, participations, profile): the shell
// (session check, site bar, tab bar on phones) around one screen per path.
const accountScreens: RouteObject[] = [
  screen('', () => import('./routes/account/my-account-page').then((m) => ({ Component: m.MyAccountPage }))),
  screen('evenements', () => import('./routes/account/my-events-page').then((m) => ({ Component: m.MyEventsPage }))),
  screen('evenements/nouveau', () => import('./routes/account/event-form-page').then((m) => ({ Component: m.NewEventPage }))),
  screen('evenements/:id', () => import('./routes/account/event-hub-page').then((m) => ({ Component: m.EventHubPage }))),
  screen('evenements/:id/modifier', () =>
    import('./routes/account/event-form-page').then((m) => ({ Component: m.EditEventPage })),
  ),
  screen('evenements/:id/statistiques', () =>
    import('./routes/account/event-stats-page').then((m) => ({ Component: m.EventStatsPage })),
  ),
  screen('evenements/:id/participants', () =>
    import('./routes/account/participants-page').then((m) => ({ Component: m.ParticipantsPage })),
  ),
  screen('evenements/:id/commentaires', () =>
    import('./routes/account/event-comments-page').then((m) => ({ Component: m.EventCommentsPage })),
  ),
  screen('evenements/:id/annonces', () =>
    import('./routes/account/announcements-page').then((m) => ({ Component: m.AnnouncementsPage })),
  ),
  screen('evenements/:id/promouvoir', () => import('./routes/account/promote-page').then((m) => ({ Component: m.PromotePage }))),
  screen(paths.participations, () =>
    import('./routes/account/participations-page').then((m) => ({ Component: m.ParticipationsPage })),
  ),
  screen('participations/:eventId/billet', () =>
    import('./routes/account/ticket-page').then((m) => ({ Component: m.TicketPage })),
  ),
  screen('evenements/:id/entree', () => import('./routes/account/door-page').then((m) => ({ Component: m.DoorPage }))),
  screen(paths.profile, () => import('./routes/account/profile-page').then((m) => ({ Component: m.ProfilePage }))),
  screen(paths.notifications, () =>
    import('./routes/account/notifications-page').then((m) => ({ Component: m.NotificationsPage })),
  ),
  screen('messages', () => import('./routes/account/messages-page').then((m) => ({ Component: m.MessagesPage }))),
  screen('messages/nouveau', () => import('./routes/account/messages-page').then((m) => ({ Component: m.NewMessagePage }))),
  screen('messages/:id', () => import('./routes/account/messages-page').then((m) => ({ Component: m.MessagesPage }))),
  screen(paths.premium, () => import('./routes/account/premium-page').then((m) => ({ Component: m.PremiumPage }))),
  screen(paths.campaigns, () => import('./routes/account/campaigns-page').then((m) => ({ Component: m.CampaignsPage }))),
  screen('publicites/:id', () => import('./routes/account/campaigns-page').then((m) => ({ Component: m.CampaignPage }))),
  { path: '*', element: <Navigate to={paths.account} replace /> },
];

/**
 * The single-page app: every route but `/`, which is its own prerendered page (decision 001).
 * One routing style: the data router's routes, each screen a chunk loaded through `lazy`.
 */
export const router = createBrowserRouter([
  {
    // Shown while the first screen's chunk loads.
    hydrateFallbackElement: <RouteLoading />,
    errorElement: <RouteError />,
    children: [
      { path: paths.landing, element: <LeaveForLanding /> },
      screen(paths.signIn, () => import('./routes/auth/get-started-page').then((m) => ({ Component: m.GetStartedPage }))),
      { path: paths.signInLegacy, element: <Navigate to={paths.signIn} replace /> },
      {
        path: paths.account,
        lazy: () => import('./routes/account/account-layout').then((m) => ({ Component: m.AccountLayout })),
        children: accountScreens,
      },
      {
        path: paths.admin.root,
        lazy: () => import('./routes/admin/admin-shell').then((m) => ({ Component: m.AdminShell })),
        children: adminScreens,
      },
      { path: '*', element: <LeaveForLanding /> },
    ],
  },
]);
