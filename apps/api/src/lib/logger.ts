import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { prettyFactory } from 'pino-pretty';
import { redactUrl } from './log-redaction';

export type LogFormat = 'pretty' | 'json';

/** LOG_FORMAT when set; otherwise readable lines in a terminal and JSON anywhere else (files, collectors). */
export function resolveLogFormat(configured: LogFormat | undefined, isTerminal: boolean): LogFormat {
  return configured ?? (isTerminal ? 'pretty' : 'json');
}

/**
 * A pino destination writing one readable line per event: time, level, message, then the other
 * fields on the same line. The request fields are left out: the message already says them.
 */
export function prettyDestination(out: { write(text: string): unknown }, colorize: boolean): { write(line: string): void } {
  const pretty = prettyFactory({
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
  });
  return {
    write(line: string) {
      out.write(pretty(line));
    },
  };
}

const LEVELS_ABOVE_INFO = new Set(['warn', 'error', 'fatal', 'silent']);

/** The health check is polled every few seconds by load balancers: its requests are logged at debug only. */
const QUIET_PATHS = new Set(['/api/health']);

/**
 * One log line per request, once answered: `GET /api/events?page=2 → 200 (3 ms)`, with the method,
 * URL, status and time as fields for JSON readers, in place of Fastify's two lines per request.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (!error && LEVELS_ABOVE_INFO.has(reply.log.level)) return;
    const path = request.url.split('?')[0] ?? request.url;
    // Share tokens, referral and one-time codes in the query never reach the log.
    const url = redactUrl(request.url);
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    const fields = { req: { method: request.method, url }, res: { statusCode: reply.statusCode }, responseTime };
    const line = `${request.method} ${url} → ${reply.statusCode} (${responseTime} ms)`;
    if (error) reply.log.error({ ...fields, err: error }, line);
    else reply.log[QUIET_PATHS.has(path) ? 'debug' : 'info'](fields, line);
  }
}
