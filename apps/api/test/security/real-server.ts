import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { freePort, REPO_ROOT, startServer } from '@app/test-utils/server';
import { freshPostgresDatabase } from '../build-test-app';

export { REPO_ROOT };

export const ADMIN = { email: 'admin@security.local', password: 'Admin-Passw0rd!' };

export { freePort };

export interface RealServer {
  baseURL: string;
  process: ChildProcess;
  logs(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** The real server (`node --import tsx apps/api/src/server.ts`) on a free port, API only. */
export async function startRealServer(env: Record<string, string>): Promise<RealServer> {
  const server = await startServer({
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    WEB_DIST_DIR: path.join(REPO_ROOT, 'no-web-dist'),
    ...env,
  });
  return { baseURL: server.baseURL, process: server.process, logs: server.logs, kill: server.stop };
}

export { freshPostgresDatabase };

/**
 * A TCP proxy in front of PostgreSQL that the test can cut (every connection dropped, new ones
 * refused) and restore, to play a database outage.
 */
export class CuttableProxy {
  private server?: net.Server;
  private sockets = new Set<net.Socket>();
  private up = true;
  private stalled = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      if (!this.up) {
        client.destroy();
        return;
      }
      if (this.stalled) {
        // Accept, then never answer: a database behind a dead network.
        this.sockets.add(client);
        client.on('error', () => {});
        return;
      }
      const upstream = net.connect(this.targetPort, this.targetHost);
      this.sockets.add(client);
      this.sockets.add(upstream);
      const forget = () => {
        this.sockets.delete(client);
        this.sockets.delete(upstream);
        client.destroy();
        upstream.destroy();
      };
      client.on('error', forget).on('close', forget);
      upstream.on('error', forget).on('close', forget);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
  }

  cut(): void {
    this.up = false;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** Existing and new connections stay open but nothing goes through any more. */
  stall(): void {
    this.stalled = true;
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  restore(): void {
    if (this.stalled) {
      for (const socket of this.sockets) socket.destroy();
      this.sockets.clear();
    }
    this.stalled = false;
    this.up = true;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
