import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers (strict CSP without inline script), compression and CORS from the allow-list.
 * The same headers go on HTML and API answers.
 */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const https = app.config.PUBLIC_URL.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  });
  // Answers to a request that carries a token hold personal data: never stored by a browser or a
  // proxy cache (decision 008). Sign-in answers carry the token itself.
  app.addHook('onSend', async (request, reply) => {
    const authenticated = Boolean(request.headers.authorization) || Boolean(request.user);
    if (authenticated || request.url.startsWith('/api/users/login')) {
      reply.header('cache-control', 'no-store, private');
    }
  });
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  const allowed = new Set(app.config.CORS_ORIGINS);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || allowed.has(origin) ? (origin ?? false) : false),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  });
});
