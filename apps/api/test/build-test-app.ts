import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { freshPostgresDatabase } from '@app/test-utils/postgres-database';

export { freshPostgresDatabase };

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh database per call: PGlite in memory, or, when TEST_DB=postgres, a new database on the
 * server of TEST_DATABASE_URL, dropped at close. Migrations and the base seed are applied.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'webDistDir' | 'paymentProviders'> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@test.local',
    ADMIN_PASSWORD: 'Admin-Passw0rd!',
    ...env,
  });
  const { database, dropDatabase } = await openTestDatabase(config);
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      database,
      logger: false,
      webDistDir: options.webDistDir,
      paymentProviders: options.paymentProviders,
    });
    await app.ready();
  } catch (error) {
    // An app that fails to build (a test of that) leaves no database behind.
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function openTestDatabase(
  config: Config,
): Promise<{ database: DatabaseHandle; url?: string; dropDatabase: () => Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const template = process.env.PGLITE_TEMPLATE;
    const loadDataDir = template ? new Blob([fs.readFileSync(template)]) : undefined;
    const database = await openDatabase({
      statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
      loadDataDir,
      guardTransactions: true,
    });
    return { database, dropDatabase: async () => {} };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const fresh = await freshPostgresDatabase(adminUrl);
  const database = await openDatabase({
    url: fresh.url,
    poolSize: 5,
    statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
    guardTransactions: true,
  });
  return {
    database,
    url: fresh.url,
    async dropDatabase() {
      await database.close();
      await fresh.drop();
    },
  };
}
