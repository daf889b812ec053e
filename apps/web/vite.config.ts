import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ACCOUNT_API_CACHE, ASSETS_CACHE } from './src/config/pwa';

const outDir = process.env.WEB_DIST_DIR ?? 'dist';

/**
 * Two pages: `index.html` is the landing page `/` (its own small entry, prerendered), and
 * `app.html` is the single-page app for every other route. In dev, client routes get app.html
 * as the production server does.
 */
function appShellFallback(): Plugin {
  return {
    name: 'app-shell-fallback',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = req.url ?? '/';
        const pathname = url.split('?')[0] ?? '/';
        const isClientRoute =
          pathname !== '/' &&
          !pathname.startsWith('/api') &&
          !pathname.startsWith('/@') &&
          !pathname.startsWith('/src/') &&
          !pathname.startsWith('/node_modules/') &&
          !/\.[a-z0-9]+$/i.test(pathname);
        if (isClientRoute && req.headers.accept?.includes('text/html')) req.url = '/app.html';
        next();
      });
    },
  };
}

/**
 * The service worker (decision 042), controlling `/mon-compte` only. Installed with the app shell
 * alone — app.html and the files it loads first — so installing costs no more data than the first
 * visit; each screen's chunk is kept when it is first used. The account's GET answers are read
 * from the network first and from the last answer when there is none. It also shows the pushes.
 */
function serviceWorker(): Plugin[] {
  return VitePWA({
    strategies: 'generateSW',
    injectRegister: false,
    manifest: false,
    filename: 'sw.js',
    workbox: {
      globPatterns: ['app.html', 'assets/*.{js,css}'],
      // Web Push (decision 062): the 'push' and 'notificationclick' handlers (public/push-sw.js).
      importScripts: ['/push-sw.js'],
      manifestTransforms: [
        async (entries) => {
          const shell = fs.readFileSync(path.resolve(import.meta.dirname, outDir, 'app.html'), 'utf8');
          const manifest = entries.filter((entry) => entry.url === 'app.html' || shell.includes(`/${entry.url}"`));
          return { manifest, warnings: [] };
        },
      ],
      navigateFallback: '/app.html',
      navigateFallbackAllowlist: [/^\/mon-compte(\/|$)/],
      clientsClaim: true,
      skipWaiting: true,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          // A script's request carries an `Origin` the server's answers vary on; the files are
          // hashed and never change, so any stored copy is the right one.
          options: { cacheName: ASSETS_CACHE, expiration: { maxEntries: 120 }, matchOptions: { ignoreVary: true } },
        },
        {
          // Not the real-time stream (decision 063): it never ends, so it could never be stored.
          urlPattern: ({ url, sameOrigin, request }) =>
            sameOrigin && url.pathname.startsWith('/api/') && !request.headers.get('accept')?.includes('text/event-stream'),
          method: 'GET',
          handler: 'NetworkFirst',
          options: {
            cacheName: ACCOUNT_API_CACHE,
            networkTimeoutSeconds: 8,
            expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
          },
        },
      ],
    },
  });
}

export default defineConfig({
  plugins: [react(), tailwindcss(), appShellFallback(), serviceWorker()],
  appType: 'mpa',
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
  build: {
    // A separate output folder lets several builds (tests in parallel) not overwrite each other.
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // Browsers of the last years know <link rel=modulepreload>: no polyfill request on the landing page.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        app: path.resolve(import.meta.dirname, 'app.html'),
      },
    },
  },
});
