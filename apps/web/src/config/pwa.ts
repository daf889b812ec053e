/**
 * The installable app (decision 042): the service worker built by vite-plugin-pwa (vite.config.ts)
 * controls only the account space, so the public pages, the sign-in page and the back office never
 * wait for it.
 */
export const SERVICE_WORKER_SCOPE = '/mon-compte';
/** The account's last API answers (read when the network fails); dropped when the session changes. */
export const ACCOUNT_API_CACHE = 'account-api';
/** The build's hashed files (scripts, styles) once used, kept for opening the app offline. */
export const ASSETS_CACHE = 'assets';
