import { logLines } from './helper';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig, REPO_ROOT, withListeningPort } from '../src/config';
import { resolveLogFormat } from '../src/lib/logger';
import { startBlock } from '../src/lib/start-block';
import { openTestDatabase } from './build-test-app';

/** A first start a newcomer understands — the start block, readable logs, PUBLIC_URL. */

describe('PUBLIC_URL', () => {
  it('defaults to this machine and the port, and follows the port really listened on', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', HOST: '127.0.0.1' }).PUBLIC_URL).toBe('http://127.0.0.1:8080');
    expect(withListeningPort(loadConfig({ PORT: '0' }), 43_210).PUBLIC_URL).toBe('http://localhost:43210');
  });

  it('keeps a PUBLIC_URL that is set, whatever the port', () => {
    const config = loadConfig({ PORT: '0', PUBLIC_URL: 'https://evenements.cm' });
    expect(withListeningPort(config, 43_210).PUBLIC_URL).toBe('https://evenements.cm');
  });

  it('refuses an unknown LOG_FORMAT, naming it', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});

describe('the log', () => {
  let app: FastifyInstance | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await app?.close();
    await dropDatabase?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    app = undefined;
    dropDatabase = undefined;
    dataDir = undefined;
  });

  async function appLogging(env: Record<string, string>) {
    const { lines, logStream } = logLines();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logs-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
    const opened = await openTestDatabase(config);
    const database = opened.database;
    dropDatabase = opened.dropDatabase;
    app = await buildApp({ config, database, logStream });
    await app.ready();
    lines.length = 0;
    return { app, lines };
  }

  it('is readable in a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(resolveLogFormat(undefined, true)).toBe('pretty');
    expect(resolveLogFormat(undefined, false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });

  it('pretty: one line per request, no health-check line at info, secrets still masked', async () => {
    const { app, lines } = await appLogging({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'info' });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/events?page=1' });
    await app.inject({ method: 'GET', url: '/api/nowhere' });
    app.log.info({ body: { password: 'Secret-Passw0rd' }, user: { token: 'abc123' } }, 'checking the mask');
    expect(lines.some((line) => line.includes('/api/health'))).toBe(false);
    const events = lines.filter((line) => line.includes('/api/events'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/events\?page=1 → 200 \(\d+(\.\d)? ms\)$/);
    expect(lines.some((line) => /INFO: GET \/api\/nowhere → 404/.test(line))).toBe(true);
    const masked = lines.find((line) => line.includes('checking the mask'));
    expect(masked).toContain('[masqué]');
    expect(lines.join('\n')).not.toMatch(/Secret-Passw0rd|abc123/);
    expect(lines.every((line) => !line.startsWith('{'))).toBe(true);
  });

  it('json: one object per request with its method, URL, status and time; the health check at debug only', async () => {
    const { app, lines } = await appLogging({ LOG_FORMAT: 'json', LOG_LEVEL: 'debug' });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/events' });
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const events = entries.filter((entry) => (entry.req as { url?: string } | undefined)?.url === '/api/events');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ level: 30, req: { method: 'GET' }, res: { statusCode: 200 } });
    expect(typeof events[0]?.responseTime).toBe('number');
    const health = entries.filter((entry) => (entry.req as { url?: string } | undefined)?.url === '/api/health');
    expect(health).toHaveLength(1);
    expect(health[0]?.level).toBe(20);
  });
});

describe('the start block', () => {
  it('names the address, the API docs, the data folder and, at first start, the superadmin', () => {
    const block = startBlock({
      host: '0.0.0.0',
      port: 41_234,
      publicUrl: 'http://localhost:41234',
      dataDir: '/srv/evenements/data',
      database: 'pglite',
      firstStart: { superadminEmail: 'admin@localhost', superadminPassword: 'r4nd0m-Pass' },
    });
    expect(block).toContain('Site:        http://localhost:41234');
    expect(block).toContain('API docs:    http://localhost:41234/api/docs');
    expect(block).toContain('Data folder: /srv/evenements/data');
    expect(block).toContain('admin@localhost');
    expect(block).toContain('Password:    r4nd0m-Pass');
    expect(block).not.toContain('Public URL');
  });

  it('shows no password once the superadmin exists, and a different PUBLIC_URL beside the local address', () => {
    const block = startBlock({
      host: '0.0.0.0',
      port: 3000,
      publicUrl: 'https://evenements.cm',
      dataDir: '/data',
      database: 'postgres',
      firstStart: null,
    });
    expect(block).toContain('Public URL:  https://evenements.cm');
    expect(block).not.toMatch(/Password|Superadmin/);
  });
});

describe('a real start on PORT=0, and the demo seed beside it', () => {
  let server: ChildProcess | undefined;
  afterEach(() => {
    server?.kill('SIGTERM');
  });

  it('prints the block with the port really listened on; the seed refuses the open PGlite folder, then runs twice once it is stopped', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-block-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    };
    delete env.ADMIN_EMAIL;
    delete env.ADMIN_PASSWORD;
    delete env.PUBLIC_URL;
    let output = '';
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: REPO_ROOT,
      env: { ...env, LOG_FORMAT: 'pretty', WEB_DIST_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 90_000;
    while (!output.includes('Stop with Ctrl+C') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const url = output.match(/Site: +(http:\/\/localhost:(\d+))/);
    expect(url, output).not.toBeNull();
    expect(Number(url?.[2])).toBeGreaterThan(0);
    // Listening on every interface, the start says 'Server listening' once (not once per interface).
    expect(output.match(/Server listening/g), output).toHaveLength(1);
    expect(output).toContain(`Server listening on port ${url?.[2]}`);
    const health = await fetch(`http://127.0.0.1:${url?.[2]}/api/health`);
    expect(health.status).toBe(200);
    expect(output).toContain(`API docs:    ${url?.[1]}/api/docs`);
    expect(output).toContain(`Data folder: ${dataDir}`);
    expect(output).toMatch(/Superadmin: +admin@localhost\n +Password: +\S{12,}/);

    // `npm run seed:demo`, as a newcomer types it, with the server's DATA_DIR.
    const seed = () =>
      spawnSync('npm', ['run', 'seed:demo'], {
        cwd: REPO_ROOT,
        env: { ...env, LOG_FORMAT: 'json' },
        encoding: 'utf8',
      });
    const refused = seed();
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('déjà ouverte par un autre processus');
    expect(refused.stderr).toContain('stop it (Ctrl+C)');
    // Its message only: no 'npm error' lines that look like a crash.
    expect(refused.stderr).not.toContain('npm error');
    expect(refused.stdout).not.toContain('Demo accounts');

    const stopped = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
    for (let run = 0; run < 2; run += 1) {
      const applied = seed();
      expect(applied.status, applied.stderr).toBe(0);
      expect(applied.stdout).toContain('demo seed applied');
      // The accounts it made (e-mail, username, role) beside their shared password.
      expect(applied.stdout).toContain('password / mot de passe: Demo-Passw0rd!');
      expect(applied.stdout).toMatch(/aicha@exemple\.cm +aicha +user/);
      expect(applied.stdout).toMatch(/didier\.admin@exemple\.cm +didier_admin +admin \(pending validation/);
      expect(applied.stdout).toMatch(/awa_ngono@membres\.exemple\.cm +awa_ngono +user/);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 240_000);
});

describe('the install', () => {
  it('leaves no dependency install script unreviewed: allowScripts settles esbuild and sharp', () => {
    const listed = spawnSync('npm', ['install-scripts', 'ls'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('No packages with unreviewed install scripts');
    const root = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(root.allowScripts).toMatchObject({ esbuild: false, sharp: false });
  }, 60_000);
});
