import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import './postgres';

const SCRIPT = fileURLToPath(new URL('../../../../scripts/postgres.sh', import.meta.url));

/**
 * Vitest global setup: the PostgreSQL tests need a cluster. DATABASE_URL names one when the suite runs
 * on PostgreSQL; otherwise one throwaway cluster (scripts/postgres.sh, about 4 s) serves the whole
 * run and is removed after it. Each test file creates a database of its own in it.
 */
export default function setup(project: TestProject) {
  let dir: string | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    const started = spawnSync('bash', [SCRIPT, 'start'], { encoding: 'utf8' });
    if (started.status !== 0) throw new Error(`scripts/postgres.sh start failed: ${started.stderr}`);
    url = /DATABASE_URL=(\S+)/.exec(started.stdout)?.[1];
    dir = /FEES_PG_DIR=(\S+)/.exec(started.stdout)?.[1];
    if (!url || !dir) throw new Error(`scripts/postgres.sh printed no cluster: ${started.stdout}`);
  }
  project.provide('postgresClusterUrl', url);
  return () => {
    if (dir) spawnSync('bash', [SCRIPT, 'stop', dir]);
  };
}
