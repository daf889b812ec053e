import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SESSION_FLAG_SCRIPT } from '@app/shared/session-flag';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * The headers a helmet middleware sets, computed once: they depend on its options only, and
 * running it (or @fastify/helmet, which even builds it again) on every request costs 5 % of a
 * cached answer's time.
 */
function staticHeaders(middleware: ReturnType<typeof helmet>): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader: () => {},
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The one inline script the pages may run: the public header's session flag (decision 026),
 * allowed by its SHA-256, so any other inline script stays blocked.
 */
export const SESSION_FLAG_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SESSION_FLAG_SCRIPT).digest('base64')}'`;

/**
 * Security headers (strict CSP: no inline script but the one allowed by its hash), compression and CORS from the allow-list.
 * The same headers go on HTML and API answers.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const https = app.config.PUBLIC_URL.startsWith('https://');
    const securityHeaders = staticHeaders(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", SESSION_FLAG_SCRIPT_HASH],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:'],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            manifestSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'none'"],
            frameAncestors: ["'none'"],
            formAction: ["'self'"],
            ...(https ? { upgradeInsecureRequests: [] } : {}),
          },
        },
        hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        crossOriginEmbedderPolicy: false,
      }),
    );
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
      done();
    });
    // Answers to a request that carries a token hold personal data: never stored by a browser or a
    // proxy cache (decision 008). Sign-in answers carry the token itself.
    app.addHook('onSend', (request, reply, _payload, done) => {
      const authenticated = Boolean(request.headers.authorization) || Boolean(request.user);
      if (authenticated || request.url.startsWith('/api/users/login')) {
        reply.header('cache-control', 'no-store, private');
      }
      done();
    });
    await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
    const allowed = new Set(app.config.CORS_ORIGINS);
    await app.register(cors, {
      origin: (origin, callback) => callback(null, !origin || allowed.has(origin) ? (origin ?? false) : false),
      credentials: true,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      maxAge: 600,
    });
  },
  { name: 'security', decorators: { fastify: ['config'] } },
);
