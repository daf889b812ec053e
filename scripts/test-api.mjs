// The API and shared unit suites on PGlite, then a second time on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

function run(label, env) {
  console.log(`\n=== API tests on ${label} ===`);
  const result = spawnSync('npx', ['vitest', 'run'], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('PGlite', { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) run('PostgreSQL', { TEST_DB: 'postgres' });
else console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL pass is skipped.');
