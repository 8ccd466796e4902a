import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';

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
export async function createTestPostgres(): Promise<TestPostgres> {
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
  await admin.query(`CREATE DATABASE ${name}`);
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
