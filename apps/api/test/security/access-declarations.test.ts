import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPermission } from '@app/shared/permissions';
import { accessPlugin } from '../../src/plugins/access';
import { buildTestApp, type TestApp } from '../build-test-app';

/** Every `METHOD /path` of Fastify's own route tree (printRoutes), independent of our registry. */
export function routeTree(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?) \(([^)]+)\)$/.exec(line.replace(/\u00a0/g, ' '));
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] as string);
    const path = stack.join('');
    for (const method of (match[3] as string).split(', ')) routes.push(`${method} ${path}`);
  }
  return routes;
}

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe('deny by default', () => {
  it('every registered /api route declares public, authenticated or a known permission', () => {
    // The docs page's routes are declared public by the access plugin itself.
    const tree = routeTree(testApp.app).filter((route) => / \/api(\/|$)/.test(route) && !/ \/api\/docs/.test(route));
    expect(tree.length).toBeGreaterThan(10);
    const declared = new Map(testApp.app.declaredRoutes.map((route) => [`${route.method} ${route.url}`, route.access]));
    const undeclared = tree.filter((route) => {
      const access = declared.get(route);
      return !(access === 'public' || access === 'authenticated' || (access !== undefined && isPermission(access)));
    });
    expect(undeclared).toEqual([]);
  });

  it('every documented operation is a declared route', () => {
    const spec = testApp.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const declared = new Set(testApp.app.declaredRoutes.map((route) => `${route.method} ${route.url}`));
    const missing = Object.entries(spec.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`)
        .filter((route) => !declared.has(route)),
    );
    expect(missing).toEqual([]);
  });

  it('an /api route without a declaration (or with an unknown one) stops the app from starting', async () => {
    for (const config of [{}, { access: 'manage_everything' }]) {
      const app = Fastify({ logger: false });
      const start = async () => {
        await app.register(accessPlugin, { findSession: async () => null });
        await app.register(
          async (api) => {
            api.get('/oubli', { config: config as never }, async () => ({ ok: true }));
          },
          { prefix: '/api' },
        );
        await app.ready();
      };
      await expect(start()).rejects.toThrow(/declares (no|an unknown) access/);
      await app.close().catch(() => {});
    }
  });
});
