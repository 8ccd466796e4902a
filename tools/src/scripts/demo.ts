/**
 * pnpm demo, before the server starts: loads the demo data set into DATABASE_PATH (migrated and
 * seeded first; a database that already has it is left as it is) and prints the demo sign-ins.
 */
import { ensureTimeZone, readConfig } from '@fees/server/config';

ensureTimeZone();
const { openDatabase } = await import('@fees/db');
const { loadDemoData } = await import('../demo');

const { databasePath } = readConfig();
const db = openDatabase(databasePath);
try {
  const accounts = await loadDemoData(db);
  console.log(`Demo data in ${databasePath}`);
  for (const account of accounts) console.log(`Demo ${account.label}: ${account.email} / ${account.password}`);
} finally {
  db.$client.close();
}
