import { loadConfig } from '../config';
import { DatabaseBusyError, openDatabase } from './client';

const config = loadConfig();
try {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: `${config.DATA_DIR}/db`,
    statementTimeoutMs: 60_000,
  });
  await database.migrate();
  await database.close();
  console.log(`migrations applied (${database.kind})`);
} catch (error) {
  // PGlite already open by the server (which applies the migrations itself at start).
  if (!(error instanceof DatabaseBusyError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
