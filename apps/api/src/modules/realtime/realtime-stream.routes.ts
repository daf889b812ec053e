import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { realtimeStreamHeadersSchema } from '@app/shared/realtime';
import { actorOf, errorResponses, perAccountKey } from '../../lib/route-kit';
import type { RealtimeSignal } from '../../plugins/realtime';

export interface RealtimeStreamOptions {
  /**
   * The live session of a bearer token, read afresh (never from the session cache: a block tells
   * the stream before its request ends): a stream ends with its session.
   */
  findSession: (token: string) => Promise<{ sessionId: string } | null>;
  /** Between two comments that keep the connection open through proxies, and two checks of the session. */
  heartbeatMs?: number;
}

const HEARTBEAT_MS = 25_000;
/** Signals a stream may hold unread before it is ended (a few hundred). */
const MAX_UNREAD_BYTES = 32 * 1024;

function bearerOf(request: FastifyRequest): string {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
}

/**
 * `GET /api/users/me/stream`: server-sent events while a screen is open (decision 063). Each event
 * names what changed (`notifications`, `conversation` with its id, `support` for 'Messagerie');
 * the screen reads it through the API. The stream ends when its session ends: checked at each
 * heartbeat and at once when the account is blocked (a `revoked` signal), and when the server stops.
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
        if (signal.type === 'revoked') return void checkSession();
        // A phone that stopped reading: end the stream rather than hold its signals (it reconnects).
        if (stream.writableLength > MAX_UNREAD_BYTES) return end();
        stream.write(`event: ${signal.type}\ndata: ${JSON.stringify(signal)}\n\n`);
      };
      const stopListening = app.realtime.listen(user.id, send, { support: user.permissions.includes('manage_chats') });
      let checking = false;
      // A session signed out, expired or of a blocked account ends the stream; a database that
      // does not answer keeps it.
      async function checkSession() {
        if (checking) return;
        checking = true;
        const session = await options.findSession(token).catch(() => undefined);
        checking = false;
        if (!open.has(end)) return;
        if (session === null || (session && session.sessionId !== request.sessionId)) end();
      }
      const heartbeat = setInterval(async () => {
        await checkSession();
        if (open.has(end)) stream.write(': ping\n\n');
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
