import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), appShellFallback()],
  appType: 'mpa',
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3000}` },
  },
  build: {
    // A separate output folder lets several builds (tests in parallel) not overwrite each other.
    outDir: process.env.WEB_DIST_DIR ?? 'dist',
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
