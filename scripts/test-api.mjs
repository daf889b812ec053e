// The unit suites: API, shared and web on PGlite, then the API and shared ones a second time on
// PostgreSQL when TEST_DATABASE_URL is set (the web's tests use no database).
import { spawnSync } from 'node:child_process';

function run(label, env, args = []) {
  console.log(`\n=== Unit tests on ${label} ===`);
  const result = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('PGlite', { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) run('PostgreSQL', { TEST_DB: 'postgres' }, ['--project', 'api', '--project', 'api-mocking']);
else console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL pass is skipped.');
