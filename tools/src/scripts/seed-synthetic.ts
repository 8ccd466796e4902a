/**
 * pnpm seed:synthetic [--students N] [--years Y] [--seed S] [--out path] [--force] [--today yyyy-MM-dd]
 * Writes a large synthetic foundation (see src/bench/synthetic) and prints its size, time and accounts.
 */
import { parseArgs } from 'node:util';
import { ensureTimeZone } from '@fees/server/config';

ensureTimeZone();
const { positiveInteger, resolveFromInvocation } = await import('../cli');
const { seedSynthetic } = await import('../synthetic/seed');

const { values } = parseArgs({
  options: {
    students: { type: 'string' },
    years: { type: 'string' },
    seed: { type: 'string' },
    out: { type: 'string', default: 'data/synthetic.sqlite' },
    force: { type: 'boolean', default: false },
    today: { type: 'string' },
  },
});

const options = {
  out: resolveFromInvocation(values.out),
  students: positiveInteger('students', values.students, 50_000),
  years: positiveInteger('years', values.years, 10),
  seed: positiveInteger('seed', values.seed, 20_240_601),
  force: values.force,
  today: values.today,
};
console.log(
  `Seeding ${options.students} students over ${options.years} years (seed ${options.seed}) into ${options.out}`,
);
try {
  const result = await seedSynthetic({ ...options, log: (line) => console.log(line) });
  console.log(`Done in ${result.seconds.toFixed(1)} s`);
  for (const [table, n] of Object.entries(result.counts))
    console.log(`  ${table.padEnd(16)} ${n.toLocaleString('en-IN')}`);
  console.log('Accounts (password for all):');
  for (const a of result.accounts)
    console.log(`  ${a.email.padEnd(20)} ${a.password}  ${a.role}${a.departmentId ? ` ${a.departmentId}` : ''}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
