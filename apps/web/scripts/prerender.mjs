// Runs after `vite build`: builds the landing page for the server (dist/ssr/landing.mjs), keeps
// the built index.html as the template the server fills with live values, and writes
// dist/index.html already rendered with the default values, so `/` carries its whole content
// even when served as a plain file.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const webDir = path.resolve(import.meta.dirname, '..');
const distDir = path.resolve(webDir, process.env.WEB_DIST_DIR ?? 'dist');
const ssrDir = path.join(distDir, 'ssr');

await build({
  configFile: false,
  root: webDir,
  logLevel: 'warn',
  plugins: [react()],
  ssr: { noExternal: true },
  build: {
    ssr: 'src/landing/server-entry.tsx',
    outDir: ssrDir,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: 'landing.mjs', format: 'es' } },
  },
});

const indexFile = path.join(distDir, 'index.html');
// The landing page's small stylesheet goes inline: one request less before the first paint.
const template = fs
  .readFileSync(indexFile, 'utf8')
  .replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (_tag, href) => {
    const css = fs.readFileSync(path.join(distDir, href), 'utf8').trim();
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
if (!template.includes('<!--app-html-->')) throw new Error(`${indexFile} has no <!--app-html--> placeholder`);
fs.writeFileSync(path.join(ssrDir, 'landing.template.html'), template);

const { renderLanding, DEFAULT_LANDING_DATA } = await import(pathToFileURL(path.join(ssrDir, 'landing.mjs')).href);
// Without a server there is no public address: links that need one are left relative.
const html = renderLanding(template, DEFAULT_LANDING_DATA)
  .replace(/<link rel="canonical"[^>]*>\s*/, '')
  .replaceAll('__PUBLIC_URL__', '');
fs.writeFileSync(indexFile, html);
console.log(`prerendered ${path.relative(process.cwd(), indexFile)} (${Math.round(html.length / 1024)} KB)`);
