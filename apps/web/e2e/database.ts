import { createRequire } from 'node:module';

/** The server's own SQLite driver (of packages/db): its SQLite reads every trigger the migrations wrote. */
const Sqlite = createRequire(new URL('../../../packages/db/package.json', import.meta.url))('better-sqlite3') as new (
  path: string,
  options: { timeout: number },
) => { exec(sql: string): void; close(): void };

/**
 * Runs SQL straight on the SQLite file of the server under test, as an older version of the app or a
 * hand repair would have left it: for the cases no screen or path can make any more.
 */
export function writeStraightToDatabase(sql: string): void {
  const path = process.env.E2E_DATABASE_PATH;
  if (!path) throw new Error('E2E_DATABASE_PATH is not set: run the specs through playwright.config.ts');
  const db = new Sqlite(path, { timeout: 10_000 });
  try {
    db.exec(sql);
  } finally {
    db.close();
  }
}
