import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { realtimeStreamHeadersSchema } from '@app/shared/realtime';
import { actorOf, errorResponses, perAccountKey } from '../../lib/route-kit';
import type { RealtimeSignal } from '../../plugins/realtime';

export interface RealtimeStreamOptions {
  /** The live session of a bearer token (the access plugin's lookup): a stream ends with its session. */
  findSession: (token: string) => Promise<{ sessionId: string } | null>;
  /** Between two comments that keep the connection open through proxies, and two checks of the session. */
  heartbeatMs?: number;
}

const HEARTBEAT_MS = 25_000;

function bearerOf(request: FastifyRequest): string {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
}

/**
 * `GET /api/users/me/stream`: server-sent events while a screen is open (decision 063). Each event
 * names what changed (`notifications`, `conversation` with its id, `support` for 'Messagerie');
 * the screen reads it through the API. The stream ends when the session ends or the account is
 * blocked (at the next heartbeat at the latest), and when the server stops.
 */
export const realtimeStreamRoutes: FastifyPluginAsyncZod<RealtimeStreamOptions> = async (app, options) => {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    '/users/me/stream',
    {
      config: {
        access: 'authenticated',
        rateLimit: { hook: 'preHandler', max: 30, timeWindow: '1 minute', keyGenerator: perAccountKey('realtime-stream') },
      },
      compress: false,
      schema: {
        tags: ['notifications'],
        summary:
          'Flux d’événements (text/event-stream, en-tête Accept requis) : « notifications », « conversation » {conversationId}, « support » ; le client relit ce qui a changé',
        headers: realtimeStreamHeadersSchema,
        response: errorResponses(400, 401, 403, 429),
      },
    },
    async (request, reply) => {
      const user = actorOf(request);
      const token = bearerOf(request);
      const stream = new PassThrough();
      const send = (signal: RealtimeSignal) => {
        if (signal.type === 'revoked') return end();
        stream.write(`event: ${signal.type}\ndata: ${JSON.stringify(signal)}\n\n`);
      };
      const stopListening = app.realtime.listen(user.id, send, { support: user.permissions.includes('manage_chats') });
      const heartbeat = setInterval(async () => {
        const session = await options.findSession(token).catch(() => undefined);
        // A database that does not answer keeps the stream; a session gone or blocked ends it.
        if (session === null || (session && session.sessionId !== request.sessionId)) return end();
        stream.write(': ping\n\n');
      }, heartbeatMs);
      function end() {
        if (!open.delete(end)) return;
        clearInterval(heartbeat);
        stopListening();
        stream.end();
      }
      open.add(end);
      request.raw.on('close', end);
      // The connection stays open: no idle timeout on its socket (the heartbeat keeps it alive).
      request.raw.socket?.setTimeout(0);
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no');
      stream.write(`retry: 5000\nevent: ready\ndata: {}\n\n`);
      // A stream, outside the response schema (which documents the refusals).
      return reply.send(stream as never);
    },
  );
};
