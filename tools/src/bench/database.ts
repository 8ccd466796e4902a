/**
 * The database the bench runs on. --quick: a small foundation made afresh for every run. Full: the
 * large one (data/synthetic.sqlite, made if missing or older than a migration) copied to a working
 * file, so every run starts from the same data however many receipts the previous run wrote.
 */
import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { DATA_DIR, MIGRATIONS } from './paths';
import { seedSynthetic } from '../synthetic/seed';

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

/** Why an existing large database must be made again: it predates a committed migration. */
function missingMigrations(path: string): string | null {
  const migrations = readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).length;
  const sqlite = new Sqlite(path, { readonly: true, fileMustExist: true });
  try {
    const applied = (sqlite.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }).n;
    return applied < migrations ? `made before ${migrations - applied} newer migration(s)` : null;
  } finally {
    sqlite.close();
  }
}

export async function prepareDatabase(choice: DatabaseChoice, log: (line: string) => void): Promise<PreparedDatabase> {
  const source = choice.source ?? join(DATA_DIR, choice.quick ? 'bench-quick.sqlite' : 'synthetic.sqlite');
  let seeded: PreparedDatabase['seeded'] = null;
  const reason = choice.quick ? 'a fresh one for --quick' : !existsSync(source) ? 'missing' : missingMigrations(source);
  if (reason) {
    log(`Seeding ${choice.students} students x ${choice.years} years into ${source} (${reason})`);
    const result = await seedSynthetic({
      out: source,
      students: choice.students,
      years: choice.years,
      seed: choice.seed,
      force: true,
    });
    seeded = { seconds: result.seconds, counts: result.counts };
    log(`  seeded in ${result.seconds.toFixed(1)} s: ${result.counts.receipts} receipts`);
  }
  const path = join(DATA_DIR, choice.quick ? 'bench-quick-work.sqlite' : 'bench-work.sqlite');
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
  copyFileSync(source, path);
  return { path, source, seeded };
}
