import { loadConfig } from '../config';
import { openDatabase } from './client';

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: `${config.DATA_DIR}/db`,
  statementTimeoutMs: 60_000,
});
await database.migrate();
await database.close();
console.log(`migrations applied (${database.kind})`);
