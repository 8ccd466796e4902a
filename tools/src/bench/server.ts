/**
 * The real server, as production runs it: bundled with esbuild exactly as build.mjs does (into a
 * private folder, so other builds are left alone) and started as `node main.js`, on SQLite or, with a
 * database URL, on PostgreSQL as one or more processes (Servers). Start time is measured from spawn to
 * the first answer of /healthz.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { BUILD_DIR, MIGRATIONS, PG_MIGRATIONS, SERVER_ROOT } from './paths';

const SERVER_BUILD = join(BUILD_DIR, 'server');

export async function buildServer(): Promise<string> {
  const { serverEntry, workerEntries }: { serverEntry: string; workerEntries: string[] } = await import(
    pathToFileURL(join(SERVER_ROOT, 'entries.mjs')).href
  );
  rmSync(SERVER_BUILD, { recursive: true, force: true });
  await build({
    entryPoints: [serverEntry, ...workerEntries].map((entry) => join(SERVER_ROOT, entry)),
    outdir: SERVER_BUILD,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'error',
    plugins: [
      {
        name: 'external-npm-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@fees/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  cpSync(MIGRATIONS, join(SERVER_BUILD, 'drizzle'), { recursive: true });
  cpSync(PG_MIGRATIONS, join(SERVER_BUILD, 'drizzle-pg'), { recursive: true });
  // The server reads its version from the package.json one folder above its bundle (dist/ in production).
  cpSync(join(SERVER_ROOT, 'package.json'), join(BUILD_DIR, 'package.json'));
  return join(SERVER_BUILD, 'main.js');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('error', () => resolve(false));
  });
}

export interface ServerOptions {
  mainJs: string;
  port: number;
  databasePath: string;
  /** PostgreSQL instead of the SQLite file at databasePath. */
  databaseUrl?: string;
  webRoot: string;
  logFile: string;
  /** Folder for a V8 CPU profile of the server (written when it stops). */
  cpuProfileDir?: string;
}

export class RunningServer {
  private child: ChildProcess | null = null;
  /** Milliseconds from spawn to /healthz answering, for every start. */
  readonly startTimes: number[] = [];
  /** More environment for the next starts (a channel's settings). */
  env: Record<string, string> = {};

  constructor(readonly options: ServerOptions) {}

  async start(): Promise<number> {
    const { mainJs, port, databasePath, databaseUrl, webRoot, logFile, cpuProfileDir } = this.options;
    mkdirSync(join(logFile, '..'), { recursive: true });
    const log = createWriteStream(logFile, { flags: 'a' });
    const args = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`, mainJs] : [mainJs];
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_PATH: databasePath,
        DATABASE_URL: databaseUrl,
        WEB_ROOT: webRoot,
        NODE_ENV: 'production',
        BACKUP_SCHEDULE: 'off',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.child = child;
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    while (!(await healthy(port))) {
      if (exited) throw new Error(`the server exited during start; see ${logFile}`);
      if (performance.now() - started > 60_000) throw new Error(`the server did not answer in 60 s; see ${logFile}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const ms = performance.now() - started;
    this.startTimes.push(ms);
    return ms;
  }

  /**
   * CPU time (user + system) the server process has used so far, in ms, from /proc (Linux; 10 ms
   * ticks). Unlike latency it hardly depends on what else the machine is doing.
   */
  cpuMs(): number {
    const pid = this.child?.pid;
    if (pid === undefined) return Number.NaN;
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return Number.NaN;
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    this.child = null;
  }
}

/**
 * The servers of a run, as one: each on its own port and the same database (several only on
 * PostgreSQL, as behind a load balancer). Loads spread their connections over the ports; CPU time is
 * the sum of the processes'.
 */
export class Servers {
  constructor(readonly all: RunningServer[]) {}

  get options(): ServerOptions {
    return this.all[0]!.options;
  }

  get ports(): number[] {
    return this.all.map((s) => s.options.port);
  }

  /** The first server's start times (the servers start together). */
  get startTimes(): number[] {
    return this.all[0]!.startTimes;
  }

  /** Starts every server at once; the time until the last one answers. */
  async start(): Promise<number> {
    return Math.max(...(await Promise.all(this.all.map((s) => s.start()))));
  }

  cpuMs(): number {
    return this.all.reduce((sum, s) => sum + s.cpuMs(), 0);
  }

  /** Stops every server and starts them again with this environment added (none: as the run began). */
  async restartWith(env: Record<string, string> = {}): Promise<number> {
    await this.stop();
    for (const server of this.all) server.env = env;
    return this.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.all.map((s) => s.stop()));
  }
}
