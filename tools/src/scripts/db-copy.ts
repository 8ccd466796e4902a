/**
 * pnpm db:copy --from data/fees.sqlite --to postgres://user:password@host:port/db
 * Copies a whole SQLite database into a new (empty) PostgreSQL database, then prints per table the row
 * counts and money sums of both and exits non-zero when any differ.
 */
import { parseArgs } from 'node:util';
import { closePostgres, copySqliteToPostgres, describePostgresUrl, openPostgres } from '@fees/db';
import { resolveFromInvocation } from '../cli';

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
if (!values.from || !values.to) {
  console.error('usage: pnpm db:copy --from data/fees.sqlite --to postgres://user:password@host:port/db');
  process.exit(2);
}
const from = resolveFromInvocation(values.from);
const target = await openPostgres(values.to);
try {
  console.log(`Copying ${from} to PostgreSQL ${describePostgresUrl(values.to)}`);
  const { checks, sourceMigrated } = await copySqliteToPostgres(from, target);
  if (sourceMigrated > 0) {
    console.log(
      `The file lacked ${sourceMigrated} migration(s) of this version: ` +
        `copied from an up-to-date snapshot of it (the file is unchanged)`,
    );
  }
  for (const check of checks) {
    const sums = Object.entries(check.sums).map(
      ([column, s]) => ` ${column} ${s.source}${s.source === s.target ? '' : ` != ${s.target}`}`,
    );
    const rows =
      check.rows.source === check.rows.target ? `${check.rows.source}` : `${check.rows.source} != ${check.rows.target}`;
    console.log(`${check.ok ? 'ok  ' : 'DIFF'} ${check.table}: ${rows} rows${sums.join(',')}`);
  }
  const bad = checks.filter((c) => !c.ok);
  console.log(bad.length ? `${bad.length} tables differ` : `All ${checks.length} tables equal in rows and money sums`);
  process.exitCode = bad.length ? 1 : 0;
} finally {
  await closePostgres(target);
}
