import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster the PostgreSQL tests create their databases in (postgres-cluster.ts). */
    postgresClusterUrl: string;
  }
}

const SCRIPT = fileURLToPath(new URL('../../../../scripts/postgres.sh', import.meta.url));

export interface TestPostgres {
  /** A fresh, empty database of its own. */
  url: string;
  /** Drops the database (and stops the cluster when this helper started it). */
  stop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database for one test file: created in the cluster DATABASE_URL points to, or the
 * run's throwaway cluster (postgres-cluster.ts), or else one started here and removed by stop().
 */
export async function createTestPostgres(options: { template?: string } = {}): Promise<TestPostgres> {
  let clusterUrl: string | undefined = process.env.DATABASE_URL ?? inject('postgresClusterUrl');
  let clusterDir: string | undefined;
  if (!clusterUrl) {
    const started = spawnSync('bash', [SCRIPT, 'start'], { encoding: 'utf8' });
    if (started.status !== 0) throw new Error(`scripts/postgres.sh start failed: ${started.stderr}`);
    clusterUrl = /DATABASE_URL=(\S+)/.exec(started.stdout)?.[1];
    clusterDir = /FEES_PG_DIR=(\S+)/.exec(started.stdout)?.[1];
    if (!clusterUrl || !clusterDir) throw new Error(`scripts/postgres.sh printed no cluster: ${started.stdout}`);
  }
  const name = `fees_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`);
  await admin.end();
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async stop() {
      if (clusterDir) {
        spawnSync('bash', [SCRIPT, 'stop', clusterDir]);
        return;
      }
      const dropper = new pg.Client({ connectionString: clusterUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** The template's name carries a digest of the migrations, so a changed migration gets a fresh template. */
const MIGRATIONS = fileURLToPath(new URL('../../drizzle-pg', import.meta.url));
const TEMPLATE = `fees_test_template_${readdirSync(MIGRATIONS)
  .filter((f) => f.endsWith('.sql'))
  .sort()
  .reduce((hash, f) => hash.update(f).update(readFileSync(`${MIGRATIONS}/${f}`)), createHash('sha256'))
  .digest('hex')
  .slice(0, 12)}`;
const TEMPLATE_LOCK = 1_617_000_017;

/**
 * Makes sure the cluster at DATABASE_URL holds a migrated, seeded template database (once per cluster,
 * whichever test worker comes first), so that each test's database is a quick copy of it.
 */
async function ensureTemplate(clusterUrl: string, prepare: (url: string) => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE]);
    if (exists.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${TEMPLATE}`);
      const url = new URL(clusterUrl);
      url.pathname = `/${TEMPLATE}`;
      await prepare(url.toString());
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    await admin.end();
  }
}

/**
 * A fresh, migrated and seeded database in the cluster DATABASE_URL names (the suite's PostgreSQL run),
 * copied from a template prepared once by `prepare`.
 */
export async function createPreparedTestPostgres(prepare: (url: string) => Promise<void>): Promise<TestPostgres> {
  const clusterUrl = process.env.DATABASE_URL;
  if (!clusterUrl) throw new Error('DATABASE_URL is not set');
  await ensureTemplate(clusterUrl, prepare);
  return createTestPostgres({ template: TEMPLATE });
}
