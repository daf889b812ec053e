import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '@app/shared/settings';
import { IMAGE_WORKERS } from '../src/modules/uploads/image-processing';
import { answerCachePlugin } from '../src/plugins/answer-cache';
import { cachesPlugin } from '../src/plugins/caches';
import { redisPlugin } from '../src/plugins/redis';
import { buildTestApp, type TestApp } from './build-test-app';
import { eventInput, request, signedIn, superadminToken } from './helper';

/**
 * The state an instance keeps in memory is named and reachable (decision 035): `app.caches` lists
 * the caches with their lifetime, and the events that drop them are announced, not guessed from
 * request URLs.
 */
describe('the caches of an instance and the events that drop them', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('names every cache with its lifetime, and the image queue with its slots', () => {
    const { app } = testApp;
    expect(Object.values(app.caches).map((cache) => [cache.name, cache.ttlMs])).toEqual([
      ['settings', 5000],
      ['waitlistCount', 10_000],
      ['landingPage', 10_000],
    ]);
    expect([app.imageQueue.name, app.imageQueue.slots]).toEqual(['images', IMAGE_WORKERS]);
  });

  it('keeps the settings it read, and announces a save made through the route with the saved value', async () => {
    const { app } = testApp;
    const read = await app.settings.get();
    expect(app.caches.settings.peek('current')).toEqual(read);
    const heard: Settings[] = [];
    const stop = app.settingsChanged.subscribe((value) => {
      heard.push(value);
    });
    try {
      const token = await superadminToken(app);
      const saved = await request(app, 'PUT', '/api/admin/settings', token, {
        ...read,
        general: { ...read.general, contactEmail: 'annonce@evenements.cm' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(heard.map((value) => value.general.contactEmail)).toEqual(['annonce@evenements.cm']);
      expect(app.caches.settings.peek('current')?.general.contactEmail).toBe('annonce@evenements.cm');
    } finally {
      stop();
      await app.settings.save(read, null);
    }
  });

  it('drops the landing page at a settings save made without any request (a script, the seed)', async () => {
    const { app } = testApp;
    await app.caches.landingPage.get('html', async () => '<p>rendered before the save</p>');
    expect(app.caches.landingPage.size).toBe(1);
    await app.settings.save(await app.settings.get(), null);
    expect(app.caches.landingPage.size).toBe(0);
  });

  it('announces a content change for a write, not for a read nor a write that only moves a counter', async () => {
    const { app } = testApp;
    let changes = 0;
    const stop = app.contentChanged.subscribe(() => {
      changes += 1;
    });
    try {
      const organizer = await signedIn(app);
      expect((await request(app, 'GET', '/api/events')).statusCode).toBe(200);
      const signup = await request(app, 'POST', '/api/waitlist', undefined, { name: 'Binam Test', phone: '+237677000123' });
      expect(signup.statusCode, signup.body).toBe(201);
      expect(changes).toBe(0);
      const refused = await request(app, 'POST', '/api/events', organizer, { title: '' });
      expect(refused.statusCode).toBe(400);
      expect(changes).toBe(0);
      const created = await request(app, 'POST', '/api/events', organizer, eventInput({ title: 'Marché de nuit' }));
      expect(created.statusCode, created.body).toBe(201);
      expect(changes).toBe(1);
    } finally {
      stop();
    }
  });

  it('refuses to start a plugin registered before the plugins it needs', async () => {
    const bare = Fastify({ logger: false });
    bare.decorate('config', testApp.app.config);
    await bare.register(redisPlugin);
    await expect(bare.register(answerCachePlugin)).rejects.toThrow(/caches/);
    await bare.close();
    const ordered = Fastify({ logger: false });
    ordered.decorate('config', testApp.app.config);
    await ordered.register(cachesPlugin);
    await ordered.register(redisPlugin);
    await ordered.register(answerCachePlugin);
    expect(ordered.answerCache).toBeDefined();
    await ordered.close();
  });
});
