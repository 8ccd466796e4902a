/**
 * Backups on PostgreSQL, by PostgreSQL's own pg_dump (found on PATH). pg_dump reads the whole database
 * inside one REPEATABLE READ transaction, so the file is a consistent snapshot taken while the app keeps
 * writing. It is written to a temporary file first: a failure (no pg_dump, a server too new for it, a
 * lost connection) is then answered with its reason instead of a download cut short.
 */
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Database, poolOf } from '@fees/db';
import { AppError } from '@fees/validation';
import { temporaryFolder } from './snapshot';

/** custom: the compressed archive pg_restore reads (the download); plain: SQL text for psql (the REST path). */
export type PgDumpFormat = 'custom' | 'plain';

export interface PgDumpFile {
  path: string;
  bytes: number;
  ms: number;
  cleanup: () => Promise<void>;
}

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The spawn's own failure (ENOENT: no such program). */
  error: NodeJS.ErrnoException | null;
}

function runPgDump(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn('pg_dump', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', (error) => resolve({ code: null, stdout, stderr, error }));
    child.once('close', (code) => resolve({ code, stdout, stderr, error: null }));
  });
}

/** The connection string without its password (kept out of the process list) and the password apart. */
function connectionOf(db: Database): { url: string; password: string | undefined } {
  const connectionString = poolOf(db)?.options.connectionString;
  if (!connectionString) throw new Error('Not a PostgreSQL database opened from a URL');
  const url = new URL(connectionString);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  return { url: url.toString(), password };
}

async function serverMajor(db: Database): Promise<number> {
  const { rows } = await poolOf(db)!.query<{ server_version_num: string }>('SHOW server_version_num');
  return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
}

/**
 * Why pg_dump cannot back up this database (not on PATH, older than the server), or null when it can.
 * The message says what to install.
 */
export async function pgDumpProblem(db: Database): Promise<string | null> {
  const major = await serverMajor(db);
  const install =
    `install PostgreSQL ${major}'s client programs on this app server ` +
    `(Debian and Ubuntu: apt-get install postgresql-client-${major}; any newer version works too)`;
  const version = await runPgDump(['--version']);
  if (version.error?.code === 'ENOENT')
    return `Backups need pg_dump, which was not found on this server's PATH: ${install}.`;
  const found = /(\d+)(?:\.\d+)+/.exec(version.stdout);
  if (version.code !== 0 || !found)
    return `pg_dump --version failed (${(version.error?.message ?? version.stderr).trim()}): ${install}.`;
  const dumpMajor = Number(found[1]);
  if (dumpMajor < major)
    return (
      `pg_dump ${found[0]} cannot back up this PostgreSQL ${major} database ` +
      `(pg_dump must be the server's major version or newer): ${install}.`
    );
  return null;
}

/**
 * Dumps the whole database into a new temporary file; cleanup() removes it. Throws AppError
 * UNAVAILABLE with pgDumpProblem's message, or with pg_dump's own when the dump fails.
 */
export async function pgDumpToTempFile(db: Database, format: PgDumpFormat): Promise<PgDumpFile> {
  const problem = await pgDumpProblem(db);
  if (problem) throw new AppError('UNAVAILABLE', problem);
  const started = performance.now();
  const { url, password } = connectionOf(db);
  const { dir, cleanup } = temporaryFolder();
  const path = join(dir, format === 'custom' ? 'backup.dump' : 'backup.sql');
  try {
    const result = await runPgDump([`--format=${format}`, '--no-password', `--file=${path}`, `--dbname=${url}`], {
      ...process.env,
      ...(password === undefined ? {} : { PGPASSWORD: password }),
    });
    if (result.code !== 0) {
      const said = (result.error?.message ?? result.stderr).trim().split('\n').at(-1);
      throw new AppError('UNAVAILABLE', `pg_dump could not back up the database: ${said}`);
    }
    const { size } = await stat(path);
    return { path, bytes: size, ms: Math.round(performance.now() - started), cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
