import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/**
 * The connection budget of anonymous reads (decision 013): at most `max` of them query the
 * database at once, so the rest of the pool stays free for login, sign-ups and writes. A caller
 * waits in line at most `waitMs`, then answers 503 with `SERVER_BUSY` (and Retry-After).
 */
export class ReadBudget {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    readonly max: number,
    private readonly waitMs: number,
    private readonly queueMax = 200,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await this.wait();
    else this.active += 1;
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  private wait(): Promise<void> {
    if (this.queue.length >= this.queueMax) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.queue.indexOf(grant);
        if (index >= 0) this.queue.splice(index, 1);
        reject(busy());
      }, this.waitMs);
      this.queue.push(grant);
    });
  }
}

function busy(): AppError {
  return new AppError('SERVER_BUSY', 'Le service est très sollicité, réessayez dans quelques secondes.');
}

declare module 'fastify' {
  interface FastifyInstance {
    publicReads: ReadBudget;
  }
}

export const publicReadsPlugin = fp(
  async (app: FastifyInstance) => {
    const pool = app.database.kind === 'postgres' ? app.config.DATABASE_POOL_SIZE : 1;
    const max = app.config.PUBLIC_READ_CONNECTIONS ?? Math.max(1, pool - 3);
    app.decorate('publicReads', new ReadBudget(max, 2000));
  },
  { name: 'public-reads', decorators: { fastify: ['config', 'database'] } },
);
