/**
 * The benchmark: prepares the database, builds and starts the real server, signs in as the target
 * department's staff and as an admin, runs every measurement (each one entry of MEASUREMENTS; one
 * whose procedure or route does not exist yet is reported as not available), prints the tables and
 * writes the figures as JSON under bench/results/.
 */
import { statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '@fees/db';
import { resolveSession } from '@fees/server/auth/sessions';
import { today } from '@fees/server/config';
import { createContextInner } from '@fees/server/context';
import { appRouter, createCaller } from '@fees/server';
import { prepareDatabase } from './database';
import { HttpClient } from './http';
import { audit } from './measurements/audit';
import { backup } from './measurements/backup';
import { plans } from './measurements/plans';
import { receiptCreation } from './measurements/receipts';
import { reports } from './measurements/reports';
import { startup } from './measurements/startup';
import { webJavaScript } from './measurements/web';
import { RESULTS_DIR } from './paths';
import { renderSection, type SectionOutput, writeResults } from './report';
import { buildServer, freePort, RunningServer } from './server';
import { SYNTHETIC_ADMIN, SYNTHETIC_PASSWORD, staffEmailOf } from '../synthetic/seed';
import { chooseTarget } from './target';
import { type BenchEnv, type Budget, type Caller, type Measurement, NotAvailable } from './types';
import { buildWeb, WEB_BUILD } from './web';

/** In running order: the restarts of the start-up measurement come last. */
export const MEASUREMENTS: Measurement[] = [webJavaScript, reports, plans, audit, receiptCreation, backup, startup];

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
}

const QUICK_BUDGET: Budget = { reportSamples: 50, reportMs: 2_000, createRequests: 1_000, createMs: 3_000 };
const FULL_BUDGET: Budget = { reportSamples: 300, reportMs: 10_000, createRequests: 10_000, createMs: 10_000 };

async function callerOf(db: Database, token: string): Promise<Caller> {
  const session = (await resolveSession(db, token));
  if (!session) throw new Error('the session of the signed-in client is not in the database');
  const caller = createCaller(createContextInner({ db, session, ip: '127.0.0.1' })) as unknown as Record<string, unknown>;
  return (path, input) => {
    let node: unknown = caller;
    for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
    return (node as (input: unknown) => Promise<unknown>)(input);
  };
}

function tokenOf(client: HttpClient): string {
  return decodeURIComponent(client.cookie!.split('=')[1]!);
}

export async function runBench(options: BenchOptions): Promise<string> {
  const log = (line: string) => console.log(line);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const runName = `${options.quick ? 'quick' : 'full'}-${stamp}`;

  const loadAtStart = os.loadavg();
  const db0 = await prepareDatabase(options, log);
  log(`Database: ${db0.path} (copy of ${db0.source}, ${(statSync(db0.path).size / 1024 / 1024).toFixed(0)} MB)`);
  log('Building the server (esbuild, as build.mjs)...');
  const mainJs = await buildServer();
  if (!options.skipWebBuild) {
    log('Building the web app (vite build --manifest)...');
    buildWeb();
  }

  const server = new RunningServer({
    mainJs,
    port: await freePort(),
    databasePath: db0.path,
    webRoot: WEB_BUILD,
    logFile: join(RESULTS_DIR, `${runName}-server.log`),
    cpuProfileDir: options.cpuProfile ? join(RESULTS_DIR, `${runName}-profiles`) : undefined,
  });
  const firstStart = await server.start();
  log(`Server started in ${firstStart.toFixed(0)} ms on port ${server.options.port}`);

  const db = openDatabase(db0.path, { prepare: false });
  const sections: SectionOutput[] = [];
  const staff = new HttpClient(server.options.port);
  const admin = new HttpClient(server.options.port);
  try {
    const target = chooseTarget(db.$client, today());
    await staff.signIn('auth.departmentLogin', { email: staffEmailOf(target.prefix), password: SYNTHETIC_PASSWORD, depId: target.depId });
    await admin.signIn('auth.login', { email: SYNTHETIC_ADMIN, password: SYNTHETIC_PASSWORD });
    const procedures = appRouter._def.procedures as Record<string, unknown>;
    const env: BenchEnv = {
      quick: options.quick,
      server,
      staff,
      admin,
      direct: { db, staff: (await callerOf(db, tokenOf(staff))), admin: (await callerOf(db, tokenOf(admin))) },
      target,
      budget: options.quick ? QUICK_BUDGET : FULL_BUDGET,
      hasProcedure: (path) => path in procedures,
      log,
    };
    const { payers: _payers, ...targetSummary } = target;
    log(`Target: department ${target.depId} (${target.depReceipts} live receipts), course ${target.courseId} ${target.courseName} (${target.courseStudents} students, ${target.courseReceipts} live receipts)`);

    for (const m of MEASUREMENTS) {
      if (options.only && !options.only.includes(m.id)) continue;
      const section: SectionOutput = { id: m.id, title: m.title, columns: m.columns, rows: [], notes: [], skipped: null, failed: null };
      const missing = (m.needs ?? []).filter((p) => !env.hasProcedure(p));
      if (missing.length > 0) {
        section.skipped = `${missing.join(', ')} does not exist`;
      } else {
        log(`Measuring: ${m.title}`);
        try {
          const result = await m.run(env);
          section.rows = result.rows;
          section.notes = [...(result.notes ?? []), `machine load average (1 min) after this section: ${os.loadavg()[0]!.toFixed(2)}`];
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
      machine: {
        cores: cpus.length,
        cpu: cpus[0]?.model ?? 'unknown',
        memoryGb: Math.round(os.totalmem() / 1024 ** 3),
        node: process.version,
        sqlite: (db.$client.prepare('select sqlite_version() as v').get() as { v: string }).v,
        /** 1-minute load average before and after: other work on the machine skews the figures. */
        loadAverage: { atStart: loadAtStart[0], atEnd: os.loadavg()[0] },
      },
      database: { path: db0.path, source: db0.source, megabytes: Math.round(statSync(db0.source).size / 1024 / 1024), seeded: db0.seeded },
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
    db.$client.close();
  }
}
