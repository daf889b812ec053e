import { createBrowserRouter, Navigate } from 'react-router';
import { LeaveForLanding } from './routes/public/leave-for-landing';
import { RouteLoading } from './routes/public/route-loading';

/**
 * The single-page app: every route but `/`, which is its own prerendered page. Each screen is a
 * separate chunk, loaded when its route is visited.
 */
export const router = createBrowserRouter([
  {
    // Shown while the first screen's chunk loads.
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { path: '/', element: <LeaveForLanding /> },
      {
        path: '/GetStarted',
        lazy: () => import('./routes/auth/get-started-page').then((m) => ({ Component: m.GetStartedPage })),
      },
      { path: '/auth/get-started', element: <Navigate to="/GetStarted" replace /> },
      {
        path: '/mon-compte',
        lazy: () => import('./routes/account/my-account-page').then((m) => ({ Component: m.MyAccountPage })),
      },
      { path: '/terms', lazy: () => import('./routes/public/terms-page').then((m) => ({ Component: m.TermsPage })) },
      { path: '/admin/*', lazy: () => import('./routes/admin/admin-routes').then((m) => ({ Component: m.AdminRoutes })) },
      { path: '*', element: <LeaveForLanding /> },
    ],
  },
]);
