import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../lib/errors';

/**
 * Rate limits are declared per route (`config.rateLimit`); nothing is limited globally.
 * With REDIS_URL the counters live in Redis so several instances agree; otherwise in memory.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const redis = app.config.REDIS_URL
    ? new Redis(app.config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    skipOnError: true,
    nameSpace: 'rl:',
    // Thrown by the plugin: an AppError so the errors plugin answers this French message as is.
    errorResponseBuilder: (_request, context) =>
      new AppError(
        context.statusCode,
        'RATE_LIMITED',
        `Trop de tentatives. Réessayez dans ${Math.max(1, Math.ceil(context.ttl / 1000))} secondes.`,
      ),
  });
});
