import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3.1 built from the route schemas: `/api/openapi.json`, and a docs page at `/api/docs`. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Évènements Cameroun API',
          description: 'API JSON commune au site web et à l’application mobile.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
      },
      transform: jsonSchemaTransform,
      hideUntagged: false,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: false },
      staticCSP: true,
      // The page only loads its own files: keep the site's strict rules (no base, no framing, inline
      // styles as on the site), and upgrade-insecure-requests only where the site itself is https.
      transformStaticCSP: (header) =>
        header
          .replace(/style-src 'self' https: ?;/, "style-src 'self' 'unsafe-inline';")
          .replace("base-uri 'self'", "base-uri 'none'")
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          .replace(
            / ?upgrade-insecure-requests;?/,
            app.config.PUBLIC_URL.startsWith('https://') ? ' upgrade-insecure-requests;' : '',
          ),
      uiHooks: {},
    });
    app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi', decorators: { fastify: ['config'] } },
);
