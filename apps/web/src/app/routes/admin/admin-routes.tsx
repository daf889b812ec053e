import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RouteLoading } from '../public/route-loading';

// Each back-office screen is its own chunk. Owners: shell, dashboard, waitlist, settings, stats
// and placeholders (back-office issue); events (events issue); administration (administration issue).
const AdminShell = lazy(() => import('./admin-shell').then((m) => ({ default: m.AdminShell })));
const EventsPage = lazy(() => import('./events-page').then((m) => ({ default: m.EventsPage })));
const AdministrationPage = lazy(() => import('./administration-page').then((m) => ({ default: m.AdministrationPage })));
const HomePage = lazy(() => import('./home-page').then((m) => ({ default: m.HomePage })));
const WaitlistPage = lazy(() => import('./waitlist-page').then((m) => ({ default: m.WaitlistPage })));
const SettingsPage = lazy(() => import('./settings-page').then((m) => ({ default: m.SettingsPage })));
const StatsPage = lazy(() => import('./stats-page').then((m) => ({ default: m.StatsPage })));
const UsersPage = lazy(() => import('./users-page').then((m) => ({ default: m.UsersPage })));
const ReportsPage = lazy(() => import('./reports-page').then((m) => ({ default: m.ReportsPage })));
const placeholders = () => import('./placeholder-pages');
const TransactionsPage = lazy(() => placeholders().then((m) => ({ default: m.TransactionsPage })));
const AdsPage = lazy(() => placeholders().then((m) => ({ default: m.AdsPage })));
const MessagesPage = lazy(() => placeholders().then((m) => ({ default: m.MessagesPage })));
const RolesPage = lazy(() => placeholders().then((m) => ({ default: m.RolesPage })));
const PartnersPage = lazy(() => import('./partners-page').then((m) => ({ default: m.PartnersPage })));
const BusinessPage = lazy(() => import('./business-pages-page').then((m) => ({ default: m.BusinessPage })));
const referralPages = () => import('./referrals-pages');
const ReferralsPage = lazy(() => referralPages().then((m) => ({ default: m.ReferralsPage })));
const RewardsPage = lazy(() => referralPages().then((m) => ({ default: m.RewardsPage })));
const RewardRulesPage = lazy(() => referralPages().then((m) => ({ default: m.RewardRulesPage })));

export function AdminRoutes() {
  return (
    <Suspense fallback={<RouteLoading />}>
      <Routes>
        <Route element={<AdminShell />}>
          <Route index element={<HomePage />} />
          <Route path="events" element={<EventsPage />} />
          <Route path="administration" element={<AdministrationPage />} />
          <Route path="waitlist" element={<WaitlistPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="stats" element={<StatsPage />} />
          <Route path="transactions" element={<TransactionsPage />} />
          <Route path="ads" element={<AdsPage />} />
          <Route path="messages" element={<MessagesPage />} />
          <Route path="roles" element={<RolesPage />} />
          <Route path="reports" element={<ReportsPage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="partners" element={<PartnersPage />} />
          <Route path="business" element={<BusinessPage />} />
          <Route path="referrals" element={<ReferralsPage />} />
          <Route path="rewards" element={<RewardsPage />} />
          <Route path="reward-rules" element={<RewardRulesPage />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
