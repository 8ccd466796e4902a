/**
 * The bench on PostgreSQL (--database-url): the database the URL names is dropped and created again
 * (so its name must contain "bench"), migrated, and filled with the run's SQLite copy by db:copy's own
 * code (every table's rows and money sums checked), then VACUUMed and ANALYZEd, as autovacuum would
 * in time on a real server: the planner knows the tables' sizes, and autovacuum does not set upon the
 * freshly copied tables in the middle of a measurement.
 */
import {
  closePostgres,
  copySqliteToPostgres,
  type Database,
  describePostgresUrl,
  openPostgres,
  poolOf,
} from '@fees/db';

export interface PostgresCopy {
  db: Database;
  version: string;
  seconds: number;
}

export async function preparePostgresCopy(
  url: string,
  sqlitePath: string,
  log: (line: string) => void,
): Promise<PostgresCopy> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^\w*bench\w*$/.test(name)) {
    throw new Error(
      `--database-url must name a database whose name contains "bench" (letters, digits, _): ` +
        `the bench drops it and creates it again. Got ${describePostgresUrl(url)}`,
    );
  }
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = await openPostgres(maintenance.toString(), { prepare: false, max: 1 });
  try {
    await poolOf(admin)!.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await poolOf(admin)!.query(`CREATE DATABASE "${name}"`);
  } finally {
    await closePostgres(admin);
  }
  log(`Copying the database into PostgreSQL ${describePostgresUrl(url)} (pnpm db:copy's code)...`);
  const started = performance.now();
  const db = await openPostgres(url);
  try {
    const bad = (await copySqliteToPostgres(sqlitePath, db)).checks.filter((c) => !c.ok);
    if (bad.length > 0)
      throw new Error(`the copy differs from the SQLite file in ${bad.map((c) => c.table).join(', ')}`);
    await poolOf(db)!.query('VACUUM (ANALYZE)');
    const version = (await poolOf(db)!.query<{ server_version: string }>('SHOW server_version')).rows[0]!
      .server_version;
    return { db, version, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    await closePostgres(db);
    throw error;
  }
}
