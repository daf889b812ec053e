import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { RouteLoading } from '../public/route-loading';

// Each back-office screen is its own chunk. Owners: shell, dashboard, waitlist, settings, stats
// and placeholders (back-office issue); events (events issue); administration (administration issue).
const AdminShell = lazy(() => import('./admin-shell').then((m) => ({ default: m.AdminShell })));
const EventsPage = lazy(() => import('./events-page').then((m) => ({ default: m.EventsPage })));
const AdministrationPage = lazy(() => import('./administration-page').then((m) => ({ default: m.AdministrationPage })));

export function AdminRoutes() {
  return (
    <Suspense fallback={<RouteLoading />}>
      <Routes>
        <Route element={<AdminShell />}>
          <Route index element={<p>Accueil</p>} />
          <Route path="events" element={<EventsPage />} />
          <Route path="administration" element={<AdministrationPage />} />
          <Route path="*" element={<p>Accueil</p>} />
        </Route>
      </Routes>
    </Suspense>
  );
}
