import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app on the API's port: hashed assets cached for a year, HTML never
 * cached, and every client route answered with the app shell.
 */
export const webAppPlugin = fp(async (app: FastifyInstance, options: { distDir: string }) => {
  const { distDir } = options;
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built: only the API is served');
    return;
  }
  // The shell for client routes; `/` has its own prerendered index.html.
  const shellFile = fs.existsSync(path.join(distDir, 'app.html')) ? 'app.html' : 'index.html';

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    index: false,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else if (filePath.endsWith('.html')) {
        res.setHeader('cache-control', 'no-cache');
      } else {
        res.setHeader('cache-control', 'public, max-age=3600');
      }
    },
  });

  const files = new Set(listFiles(distDir));
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const urlPath = safeDecode(request.url.split('?')[0] ?? '/');
    if (urlPath === '/api' || urlPath.startsWith('/api/')) return reply.callNotFound();
    if (urlPath === '/' || urlPath === '/index.html') return reply.sendFile('index.html');
    const relative = urlPath.replace(/^\/+/, '');
    if (files.has(relative)) return reply.sendFile(relative);
    if (/\.[a-z0-9]+$/i.test(relative)) return reply.code(404).type('text/plain').send('Not found');
    return reply.sendFile(shellFile);
  });
});

function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return listFiles(path.join(dir, entry.name), relative);
    return entry.name.endsWith('.br') || entry.name.endsWith('.gz') ? [] : [relative];
  });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
