/**
 * The benchmark: prepares the database (SQLite, or its copy in PostgreSQL with --database-url), builds
 * and starts the real server (on PostgreSQL one or more processes on the one database), signs in as the
 * target department's staff and as an admin, runs every measurement (each one entry of MEASUREMENTS; one
 * whose procedure or route does not exist yet is reported as not available), prints the tables and
 * writes the figures as JSON under bench/results/.
 */
import { statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { closePostgres, type Database, isPostgres, openDatabase } from '@fees/db';
import Sqlite from 'better-sqlite3';
import { resolveSession } from '@fees/server/auth/sessions';
import { today } from '@fees/server/config';
import { createContextInner } from '@fees/server/context';
import { appRouter, createCaller } from '@fees/server';
import { prepareDatabase } from './database';
import { HttpClient } from './http';
import { audit } from './measurements/audit';
import { backup } from './measurements/backup';
import { counterThrottled } from './measurements/counter-throttled';
import { hostile } from './measurements/hostile';
import { outbox } from './measurements/outbox';
import { plans } from './measurements/plans';
import { receiptMessages } from './measurements/receipt-messages';
import { receiptCreation } from './measurements/receipts';
import { reports } from './measurements/reports';
import { startup } from './measurements/startup';
import { webJavaScript } from './measurements/web';
import { fillOutbox, type OutboxFillResult } from './outbox-fill';
import { RESULTS_DIR } from './paths';
import { renderSection, type SectionOutput, writeResults } from './report';
import { preparePostgresCopy } from './postgres';
import { buildServer, freePort, RunningServer, Servers } from './server';
import { SYNTHETIC_ADMIN, SYNTHETIC_PASSWORD, staffEmailOf } from '../synthetic/seed';
import { chooseTarget } from './target';
import { type BenchEnv, type Budget, type Caller, type Measurement, NotAvailable } from './types';
import { buildWeb, WEB_BUILD } from './web';

/** In running order: the restarts of the start-up measurement come last. */
export const MEASUREMENTS: Measurement[] = [
  webJavaScript,
  counterThrottled,
  reports,
  plans,
  outbox,
  audit,
  receiptCreation,
  receiptMessages,
  backup,
  hostile,
  startup,
];

export interface BenchOptions {
  quick: boolean;
  students: number;
  years: number;
  seed: number;
  /** Reuse the last web build instead of building again. */
  skipWebBuild: boolean;
  cpuProfile: boolean;
  /** Only these measurement ids. */
  only: string[] | null;
  /** Run on PostgreSQL: this database is dropped, created again and filled with the SQLite copy. */
  databaseUrl: string | null;
  /** Server processes on the one database (more than one only on PostgreSQL). */
  servers: number;
  /** Messages written into the copy's outbox before the server starts (0: the outbox as seeded). */
  outbox: number;
}

const QUICK_BUDGET: Budget = { reportSamples: 50, reportMs: 2_000, createRequests: 3_000, createMs: 6_000 };
const FULL_BUDGET: Budget = { reportSamples: 300, reportMs: 10_000, createRequests: 10_000, createMs: 10_000 };

async function callerOf(db: Database, token: string): Promise<Caller> {
  const session = await resolveSession(db, token);
  if (!session) throw new Error('the session of the signed-in client is not in the database');
  const caller = createCaller(createContextInner({ db, session, ip: '127.0.0.1' })) as unknown as Record<
    string,
    unknown
  >;
  return (path, input) => {
    let node: unknown = caller;
    for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
    return (node as (input: unknown) => Promise<unknown>)(input);
  };
}

function tokenOf(client: HttpClient): string {
  return decodeURIComponent(client.cookie!.split('=')[1]!);
}

function fillOutboxOf(path: string, rows: number, log: (line: string) => void): OutboxFillResult {
  log(`Writing ${rows} messages into the outbox of ${path}...`);
  const sqlite = new Sqlite(path, { fileMustExist: true });
  try {
    const fill = fillOutbox(sqlite, { rows, today: today() });
    const statuses = Object.entries(fill.byStatus)
      .map(([status, n]) => `${n} ${status}`)
      .join(', ');
    log(`  ${fill.rows} messages (${statuses}) from ${fill.from} to ${fill.to} in ${fill.seconds.toFixed(1)} s`);
    return fill;
  } finally {
    sqlite.close();
  }
}

export async function runBench(options: BenchOptions): Promise<string> {
  const log = (line: string) => console.log(line);
  if (options.servers > 1 && !options.databaseUrl)
    throw new Error('--servers above 1 needs --database-url: several servers share one PostgreSQL database');
  const engine = options.databaseUrl ? 'postgresql' : 'sqlite';
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const servers = engine === 'postgresql' ? `pg-${options.servers}-servers-` : '';
  const runName = `${options.quick ? 'quick' : 'full'}-${servers}${stamp}`;

  const loadAtStart = os.loadavg();
  const db0 = await prepareDatabase(options, log);
  const outbox = options.outbox > 0 ? fillOutboxOf(db0.path, options.outbox, log) : null;
  log(`Database: ${db0.path} (copy of ${db0.source}, ${(statSync(db0.path).size / 1024 / 1024).toFixed(0)} MB)`);
  const postgres = options.databaseUrl ? await preparePostgresCopy(options.databaseUrl, db0.path, log) : null;
  if (postgres) log(`  PostgreSQL ${postgres.version}: copied and analyzed in ${postgres.seconds.toFixed(1)} s`);
  log('Building the server (esbuild, as build.mjs)...');
  const mainJs = await buildServer();
  if (!options.skipWebBuild) {
    log('Building the web app (vite build --manifest)...');
    buildWeb();
  }

  const server = new Servers(
    await Promise.all(
      Array.from({ length: options.servers }, async (_, i) => {
        const suffix = options.servers > 1 ? `-${i + 1}` : '';
        return new RunningServer({
          mainJs,
          port: await freePort(),
          databasePath: db0.path,
          databaseUrl: options.databaseUrl ?? undefined,
          webRoot: WEB_BUILD,
          logFile: join(RESULTS_DIR, `${runName}-server${suffix}.log`),
          cpuProfileDir: options.cpuProfile ? join(RESULTS_DIR, `${runName}-profiles${suffix}`) : undefined,
        });
      }),
    ),
  );
  const firstStart = await server.start();
  log(
    `Server${options.servers > 1 ? 's' : ''} started in ${firstStart.toFixed(0)} ms ` +
      `on port${options.servers > 1 ? 's' : ''} ${server.ports.join(', ')}`,
  );

  const db: Database = postgres ? postgres.db : openDatabase(db0.path, { prepare: false });
  const data = isPostgres(db) ? new Sqlite(db0.path, { readonly: true, fileMustExist: true }) : db.$client;
  const sections: SectionOutput[] = [];
  const staff = new HttpClient(server.ports);
  const admin = new HttpClient(server.ports);
  try {
    const target = chooseTarget(data, today());
    await staff.signIn('auth.departmentLogin', {
      email: staffEmailOf(target.prefix),
      password: SYNTHETIC_PASSWORD,
      depId: target.depId,
    });
    await admin.signIn('auth.login', { email: SYNTHETIC_ADMIN, password: SYNTHETIC_PASSWORD });
    const procedures = appRouter._def.procedures as Record<string, unknown>;
    const env: BenchEnv = {
      quick: options.quick,
      engine,
      server,
      staff,
      admin,
      direct: { db, staff: await callerOf(db, tokenOf(staff)), admin: await callerOf(db, tokenOf(admin)) },
      data,
      target,
      budget: options.quick ? QUICK_BUDGET : FULL_BUDGET,
      hasProcedure: (path) => path in procedures,
      log,
    };
    const { payers: _payers, ...targetSummary } = target;
    log(
      `Target: department ${target.depId} (${target.depReceipts} live receipts), ` +
        `course ${target.courseId} ${target.courseName} ` +
        `(${target.courseStudents} students, ${target.courseReceipts} live receipts)`,
    );

    for (const m of MEASUREMENTS) {
      if (options.only && !options.only.includes(m.id)) continue;
      const section: SectionOutput = {
        id: m.id,
        title: m.title,
        columns: m.columns,
        rows: [],
        notes: [],
        skipped: null,
        failed: null,
      };
      const missing = (m.needs ?? []).filter((p) => !env.hasProcedure(p));
      if (missing.length > 0) {
        section.skipped = `${missing.join(', ')} does not exist`;
      } else {
        log(`Measuring: ${m.title}`);
        try {
          const result = await m.run(env);
          section.rows = result.rows;
          section.notes = [
            ...(result.notes ?? []),
            `machine load average (1 min) after this section: ${os.loadavg()[0]!.toFixed(2)}`,
          ];
        } catch (error) {
          if (error instanceof NotAvailable) section.skipped = error.message;
          else section.failed = error instanceof Error ? (error.stack ?? error.message) : String(error);
        }
      }
      sections.push(section);
      console.log(renderSection(section));
    }

    const cpus = os.cpus();
    const results = {
      run: runName,
      at: new Date().toISOString(),
      engine,
      servers: options.servers,
      machine: {
        cores: cpus.length,
        cpu: cpus[0]?.model ?? 'unknown',
        memoryGb: Math.round(os.totalmem() / 1024 ** 3),
        node: process.version,
        sqlite: (data.prepare('select sqlite_version() as v').get() as { v: string }).v,
        postgresql: postgres?.version ?? null,
        /** 1-minute load average before and after: other work on the machine skews the figures. */
        loadAverage: { atStart: loadAtStart[0], atEnd: os.loadavg()[0] },
      },
      database: {
        path: db0.path,
        source: db0.source,
        megabytes: Math.round(statSync(db0.source).size / 1024 / 1024),
        seeded: db0.seeded,
        outbox,
      },
      target: targetSummary,
      sections,
    };
    log('\n== All figures');
    for (const section of sections) console.log(renderSection(section));
    return writeResults(RESULTS_DIR, `${runName}.json`, results);
  } finally {
    staff.close();
    admin.close();
    await server.stop();
    data.close();
    if (isPostgres(db)) await closePostgres(db);
  }
}
