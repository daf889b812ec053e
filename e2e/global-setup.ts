import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from './fixtures/chromium';
import { REPO_ROOT, type RunningServer, startServer } from '@app/test-utils/server';

/** One server for the suite, on the built app; tests that need their own start one. */
export default async function globalSetup() {
  chromiumPath();
  const distDir = process.env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  // This run's screenshots, in a folder of its own that no other run writes to; kept after the run to be looked at.
  process.env.E2E_SHOTS_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-shots-'));
  console.log(`Screenshots of this run: ${process.env.E2E_SHOTS_DIR}`);
  const server: RunningServer = await startServer({ WEB_DIST_DIR: distDir });
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
