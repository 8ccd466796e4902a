/**
 * The database the bench runs on. --quick: a small foundation made afresh for every run. Full: the
 * large one (data/synthetic.sqlite, made once if missing) copied to a working file, so every run
 * starts from the same data however many receipts the previous run wrote.
 */
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from './paths';
import { seedSynthetic } from './synthetic/seed';

export interface DatabaseChoice {
  quick: boolean;
  students: number;
  years: number;
  seed: number;
  /** The pristine file, kept between runs (full) or made for this run (quick). */
  source?: string;
}

export interface PreparedDatabase {
  path: string;
  source: string;
  seeded: { seconds: number; counts: Record<string, number> } | null;
}

export async function prepareDatabase(choice: DatabaseChoice, log: (line: string) => void): Promise<PreparedDatabase> {
  const source = choice.source ?? join(DATA_DIR, choice.quick ? 'bench-quick.sqlite' : 'synthetic.sqlite');
  let seeded: PreparedDatabase['seeded'] = null;
  if (choice.quick || !existsSync(source)) {
    log(`Seeding ${choice.students} students x ${choice.years} years into ${source}`);
    const result = await seedSynthetic({ out: source, students: choice.students, years: choice.years, seed: choice.seed, force: true });
    seeded = { seconds: result.seconds, counts: result.counts };
    log(`  seeded in ${result.seconds.toFixed(1)} s: ${result.counts.receipts} receipts`);
  }
  const path = join(DATA_DIR, choice.quick ? 'bench-quick-work.sqlite' : 'bench-work.sqlite');
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  copyFileSync(source, path);
  return { path, source, seeded };
}
