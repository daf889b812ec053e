import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig, withListeningPort } from './config';
import { DatabaseBusyError } from './db/client';
import { resolveLogFormat } from './lib/logger';
import { startBlock } from './lib/start-block';
import { emulatedPaymentPages } from './modules/payments/emulators/payment-emulators.plugin';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // PORT=0: a free port is taken now, so that the default PUBLIC_URL (e-mail links, the landing
  // page's addresses) names the port really listened on.
  if (config.PORT === 0) config = withListeningPort(config, await freePort(config.HOST));
  else config = withListeningPort(config, config.PORT);
  const app = await buildApp({
    config,
    webDistDir: config.WEB_DIST_DIR ?? path.resolve(here, '../../web/dist'),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const pretty = resolveLogFormat(config.LOG_FORMAT, process.stdout.isTTY === true) === 'pretty';
  // In a terminal the start block says where the server listens, once: Fastify's own
  // 'Server listening at …' line per interface (two or three with HOST=0.0.0.0) is left out there.
  // The JSON log (a collector) keeps them.
  const level = app.log.level;
  if (pretty) app.log.level = 'warn';
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } finally {
    app.log.level = level;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const info = {
    host: config.HOST,
    port,
    publicUrl: config.PUBLIC_URL,
    dataDir: config.DATA_DIR,
    database: app.database.kind,
    firstStart: app.firstStart,
    paymentEmulators: emulatedPaymentPages(config),
  };
  if (pretty) {
    process.stdout.write(startBlock(info));
  } else {
    app.log.info(
      {
        url: config.PUBLIC_URL,
        port,
        docs: `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/docs`,
        dataDir: config.DATA_DIR,
        database: info.database,
        paymentEmulators: info.paymentEmulators.map((emulator) => `${config.PUBLIC_URL.replace(/\/+$/, '')}${emulator.path}`),
      },
      'server ready',
    );
    const first = app.firstStart;
    if (first?.superadminPassword) {
      app.log.warn(
        `superadmin created: ${first.superadminEmail} / ${first.superadminPassword} (shown once; set ADMIN_PASSWORD to choose it)`,
      );
    }
  }
}

/** A port free on HOST right now (the OS picks it). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

main().catch((error) => {
  // A database already open by another process: its bilingual message is enough.
  console.error(error instanceof DatabaseBusyError ? error.message : error);
  process.exit(1);
});
