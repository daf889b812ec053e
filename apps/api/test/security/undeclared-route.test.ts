import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../build-test-app';

// A feature module that forgets its access declaration: the real buildApp must refuse to start.
vi.mock('../../src/modules/health/health.routes', async (importOriginal) => {
  const original = await importOriginal<{ healthRoutes: FastifyPluginAsync }>();
  const healthRoutes: FastifyPluginAsync = async (app, options) => {
    await original.healthRoutes(app, options);
    app.get('/oubli', async () => ({ secret: 'visible par tous' }));
  };
  return { healthRoutes };
});

describe('deny by default, through buildApp', () => {
  it('a route added without config.access makes the app fail to build', async () => {
    await expect(buildTestApp()).rejects.toThrow('Route GET /api/oubli declares no access (config.access)');
  });
});
