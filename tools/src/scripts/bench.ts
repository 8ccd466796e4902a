/**
 * pnpm bench [--quick] [--only id,id] [--skip-web-build] [--cpu-prof] [--students N --years Y --seed S]
 *            [--database-url postgres://.../fees_bench [--servers 2]] [--outbox 1000000]
 * Full: the 50,000-student x 10-year foundation (data/synthetic.sqlite, made if missing).
 * --quick: 2,000 students x 2 years, made afresh. Prints the tables and the JSON file's path.
 * --database-url: every section on PostgreSQL, on a copy of that foundation in the database named
 * (dropped and created again: its name must contain "bench"), with --servers app server processes.
 * --outbox N: N messages of two years written into the copy's outbox first (outbox-fill.ts), so that
 * every measure runs beside a large outbox.
 */
import { parseArgs } from 'node:util';
import { ensureTimeZone } from '@fees/server/config';

ensureTimeZone();
const { positiveInteger } = await import('../cli');
const { runBench } = await import('../bench/run');

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    students: { type: 'string' },
    years: { type: 'string' },
    seed: { type: 'string' },
    only: { type: 'string' },
    'skip-web-build': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    servers: { type: 'string' },
    outbox: { type: 'string' },
  },
});

try {
  const path = await runBench({
    quick: values.quick,
    students: positiveInteger('students', values.students, values.quick ? 2_000 : 50_000),
    years: positiveInteger('years', values.years, values.quick ? 2 : 10),
    seed: positiveInteger('seed', values.seed, 20_240_601),
    skipWebBuild: values['skip-web-build'],
    cpuProfile: values['cpu-prof'],
    only: values.only ? values.only.split(',') : null,
    databaseUrl: values['database-url'] ?? null,
    servers: positiveInteger('servers', values.servers, 1),
    outbox: positiveInteger('outbox', values.outbox, 0),
  });
  console.log(`\nFigures written to ${path}`);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
