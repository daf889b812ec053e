import type { FastifyInstance, FastifyRequest, FastifySchema, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { isPermission, type Permission } from '@app/shared/permissions';
import { forbidden, permissionMissing, unauthorized } from '../lib/errors';

/** One registered route as the access hook saw it; the security tests walk this list. */
export interface DeclaredRoute {
  method: HTTPMethods;
  url: string;
  access: string | undefined;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the access plugin, with its declaration. */
    declaredRoutes: DeclaredRoute[];
  }
}

function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export interface AccessOptions {
  /** The live session of a bearer token, or null (app.ts passes the auth module's lookup). */
  findSession: (token: string) => Promise<{ user: NonNullable<FastifyRequest['user']>; sessionId: string } | null>;
}

/**
 * Deny by default: every /api route declares `config.access` (`public`, `authenticated` or a
 * permission). A route without it cannot be registered, and this one hook enforces it.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance, options: AccessOptions) => {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);
    const declaredRoutes: DeclaredRoute[] = [];
    app.decorate('declaredRoutes', declaredRoutes);

    app.addHook('onRoute', (route) => {
      const url = route.url ?? route.path;
      // The docs page's own routes are registered by @fastify/swagger-ui, which cannot declare access.
      if (url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
      for (const method of [route.method].flat()) {
        declaredRoutes.push({ method, url, access: route.config?.access, schema: route.schema });
      }
      if (!url.startsWith('/api') || url.startsWith('/api/docs')) return;
      const access = route.config?.access;
      if (access === undefined) {
        throw new Error(`Route ${String(route.method)} ${url} declares no access (config.access)`);
      }
      if (access !== 'public' && access !== 'authenticated' && !isPermission(access)) {
        throw new Error(`Route ${String(route.method)} ${url} declares an unknown access '${access}'`);
      }
    });

    /** The error answering a caller the route's access refuses (its session, if any, known), or undefined. */
    const checked = (request: FastifyRequest, access: string | undefined, token: string | null): Error | undefined => {
      if (access === 'public') return undefined;
      if (access === undefined) return forbidden();
      if (!request.user)
        return unauthorized(token ? 'Session expirée ou invalide. Veuillez vous reconnecter.' : 'Authentification requise');
      if (access === 'authenticated') return undefined;
      if (!request.user.permissions.includes(access as Permission)) return permissionMissing();
      return undefined;
    };

    // A callback hook, not an async one: a request without a token (most reads) is decided
    // without a promise (issue 31 item 3).
    app.addHook('onRequest', (request, _reply, done) => {
      // Decide on the route the router matched, never on the raw URL: the router decodes
      // '/%61pi/…' into '/api/…', so a test on `request.url` could be walked around.
      const routeUrl = request.routeOptions.url;
      // Non-API routes (the web app) and unmatched paths (the not-found handler answers 404).
      if (!routeUrl?.startsWith('/api')) return done();
      const access = request.routeOptions.config?.access;
      const token = bearerToken(request.headers.authorization);
      if (!token) return done(checked(request, access, token));
      options.findSession(token).then((session) => {
        if (session && !session.user.isBlocked) {
          request.user = session.user;
          request.sessionId = session.sessionId;
        }
        done(checked(request, access, token));
      }, done);
    });
  },
  { name: 'access' },
);
