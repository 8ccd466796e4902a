/**
 * Restores a backup as the database: a database file (backup_{date}.sqlite from Admin > Backup
 * Database, an automatic backup) or the SQL dump (backup_{date}.sql from /rest/search/backup/):
 *   pnpm restore <backup file>     (or: node apps/server/dist/scripts/restore.js <file>)
 * The database is DATABASE_PATH (default data/fees.sqlite), relative to where the command was typed.
 * Stop the server first. The backup is loaded and integrity-checked before anything is replaced, and
 * the current database file is kept beside it, renamed with a timestamp.
 */
import { resolve } from 'node:path';
import { RestoreError, restoreDatabase } from '../backup/restore';
import { ensureTimeZone } from '../config';

ensureTimeZone();

// pnpm runs package scripts in the package folder; INIT_CWD is where the command was typed.
const base = process.env.INIT_CWD ?? process.cwd();
const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('Usage: pnpm restore <backup file: .sqlite, or the .sql dump>');
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: this command restores the SQLite file. A PostgreSQL backup is restored with ' +
      'pg_restore (or psql for the .sql dump) into a new database. Nothing was changed.',
  );
  process.exit(2);
}
const backupPath = resolve(base, file);
const databasePath = resolve(base, process.env.DATABASE_PATH ?? 'data/fees.sqlite');

console.log(`Restoring ${backupPath}\n     into ${databasePath}`);
console.log('Stop the server before restoring: a running server keeps writing to the file it opened.');
try {
  const result = restoreDatabase({ backupPath, databasePath });
  const n = (table: string) => result.counts[table] ?? 0;
  console.log(
    `Integrity check: ok (${Object.keys(result.counts).length} tables; ${n('receipts')} receipts, ` +
      `${n('students')} students, ${n('users')} accounts)`,
  );
  console.log(
    result.previousPath ? `Previous database kept as ${result.previousPath}` : 'There was no previous database.',
  );
  console.log('Restored. Start the server again (migrations bring an older backup up to date).');
} catch (error) {
  if (!(error instanceof RestoreError)) throw error;
  console.error(`Refused: ${error.message}\nNothing was changed.`);
  process.exit(1);
}
