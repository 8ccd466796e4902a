/**
 * The real server as a child process (`node --import tsx src/main.ts`), for tests of what only a
 * whole process shows: start-up failures, and limits that must hold across separate requests.
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { onPostgres, temporaryFolder } from '@fees/db/testing';
import { createTestPostgres } from '@fees/db/testing/postgres';

const SERVER_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  url: string;
  /** What the server printed so far, standard output and error together. */
  output: () => string;
  stop: () => Promise<void>;
}

export interface ServerExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * As root every file is readable and writable. `withoutFileOverride` starts the server as root without
 * the capabilities that override file permissions (setpriv, from util-linux), so an unreadable or
 * read-only database file fails as it would for the service's own user. Switching to another user
 * instead would fail wherever the checkout is not readable by that user (a fresh clone in a 0700 folder).
 */
function launch(env: Record<string, string>, withoutFileOverride = false): ChildProcess {
  const options: SpawnOptions = {
    cwd: SERVER_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', TZ: 'Asia/Kolkata', ...env, INIT_CWD: SERVER_ROOT },
    stdio: ['ignore', 'pipe', 'pipe'],
  };
  const server = ['--import', 'tsx', 'src/main.ts'];
  return withoutFileOverride
    ? spawn('setpriv', ['--bounding-set=-dac_override,-dac_read_search', '--', process.execPath, ...server], options)
    : spawn(process.execPath, server, options);
}

/** Runs the server until it exits by itself (a start that must fail) and returns what it printed. */
export function runServerUntilExit(
  env: Record<string, string>,
  withoutFileOverride = false,
  timeoutMs = 60_000,
): Promise<ServerExit> {
  const child = launch(env, withoutFileOverride);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not exit within ${timeoutMs} ms:\n${stdout}${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Starts the server on a fresh database (or DATABASE_PATH or DATABASE_URL from env) and waits until
 * /healthz answers: an SQLite file, or on the suite's PostgreSQL run an empty database of its own in
 * that cluster (dropped by stop()), which the server migrates and seeds as it would in production.
 */
export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const databasePath = `${temporaryFolder('fees-process-')}/fees.sqlite`;
  const postgres = onPostgres && env.DATABASE_URL === undefined ? await createTestPostgres() : undefined;
  // PORT=0: the server takes a port the system gives it and prints it. A port picked here and passed
  // on could be taken by another test's server in between.
  const child = launch({
    PORT: '0',
    DATABASE_PATH: databasePath,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  let url: string | undefined;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    // The whole line: output comes in chunks, which may end inside the address.
    url ??= /is running at (http:\/\/\S+)\n/.exec(output)?.[1];
    try {
      if (url && (await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // Not answering yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /healthz within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await postgres?.stop();
    },
  };
}
