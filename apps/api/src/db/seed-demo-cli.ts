// `npm run seed:demo`: adds the demo data (idempotent: a second run adds nothing) and prints the
// demo accounts beside their shared password. It reads the same DATA_DIR (and DATABASE_URL) as the
// server: a relative DATA_DIR is taken from the repository root. On PGlite it refuses to run while
// the server has the database open (stop the server first), with its bilingual message only (the
// root script calls node directly: no `npm error` lines); on PostgreSQL it may run beside a
// running server.
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { superadminLines } from '../lib/start-block';
import { DatabaseBusyError } from './client';
import { demoAccountLines, seedDemo } from './seed-demo';

try {
  const app = await buildApp({ config: { ...loadConfig(), LOG_LEVEL: 'warn' } });
  const result = await seedDemo(app);
  await app.close();
  console.log(`Données de démonstration en place / demo seed applied (${app.database.kind}).`);
  console.log(demoAccountLines(result).join('\n'));
  // The demo ran before the first start: the superadmin it created is shown here, once.
  const lines = superadminLines(app.firstStart);
  if (lines.length > 0) console.log(lines.join('\n'));
} catch (error) {
  if (!(error instanceof DatabaseBusyError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
