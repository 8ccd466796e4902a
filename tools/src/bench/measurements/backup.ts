/**
 * The backup download (admin) while the counter keeps writing (on PostgreSQL the download is pg_dump's): a writer
 * issues receipts one after another through HTTP; the longest gap between two successful writes during the download is
 * the pause the backup causes, beside the longest gap of the same writer without a backup.
 */
import { existsSync, statSync } from 'node:fs';
import { HttpClient } from '../http';
import { NotAvailable, type BenchEnv, type Measurement } from '../types';
import { headRatesOf, receiptInputs } from './receipt-input';

export const BACKUP_PATH = '/api/backup';

interface Writer {
  stop(): Promise<number[]>;
}

function startWriter(env: BenchEnv, offset: number): Writer {
  const input = receiptInputs(env.target, headRatesOf(env.data));
  const done: number[] = [performance.now()];
  let running = true;
  const loop = (async () => {
    for (let i = offset; running; i++) {
      await env.staff.mutation('receipts.create', input(i));
      done.push(performance.now());
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return done;
    },
  };
}

/** The longest gap between writes inside [from, to], and when it began (ms after from). */
function longestGap(times: number[], from: number, to: number): { gap: number; startsAt: number; writes: number } {
  const inside = [from, ...times.filter((t) => t > from && t < to), to];
  let gap = 0;
  let startsAt = 0;
  for (let i = 1; i < inside.length; i++) {
    if (inside[i]! - inside[i - 1]! > gap) {
      gap = inside[i]! - inside[i - 1]!;
      startsAt = inside[i - 1]! - from;
    }
  }
  return { gap, startsAt, writes: inside.length - 2 };
}

/** SQLite's WAL beside the database; 0 on PostgreSQL (no such file). */
function walBytes(env: BenchEnv): number {
  const wal = `${env.server.options.databasePath}-wal`;
  return env.engine === 'sqlite' && existsSync(wal) ? statSync(wal).size : 0;
}

/** Asked without a session, the route answers 401 once it exists (and takes no snapshot). */
async function assertBackupRoute(env: BenchEnv): Promise<void> {
  const anonymous = new HttpClient(env.server.options.port, 1);
  try {
    const status = await anonymous.probe(BACKUP_PATH);
    if (status === 404) throw new NotAvailable(`GET ${BACKUP_PATH} does not exist`);
  } finally {
    anonymous.close();
  }
}

export const backup: Measurement = {
  id: 'backup',
  title: 'Backup download during receipt writes',
  needs: ['receipts.create'],
  columns: [
    { key: 'downloadMs', label: 'download ms' },
    { key: 'sizeBytes', label: 'size' },
    { key: 'longestWriteGapMs', label: 'longest write gap ms' },
    { key: 'writes', label: 'writes' },
  ],
  async run(env) {
    await assertBackupRoute(env);
    const path = BACKUP_PATH;
    const baselineMs = env.quick ? 1_000 : 3_000;
    const writer = startWriter(env, 1_000_000);
    const baselineFrom = performance.now();
    await new Promise((r) => setTimeout(r, baselineMs));
    const downloadFrom = performance.now();
    const walBefore = walBytes(env);
    const download = await env.admin.download(path);
    const downloadTo = performance.now();
    const walAfter = walBytes(env);
    await new Promise((r) => setTimeout(r, 300));
    const times = await writer.stop();
    if (download.status !== 200) throw new Error(`GET ${path}: HTTP ${download.status}`);
    const baseline = longestGap(times, baselineFrom, downloadFrom);
    const during = longestGap(times, downloadFrom, downloadTo);
    return {
      rows: [
        {
          name: 'writer alone (baseline)',
          values: { downloadMs: null, sizeBytes: null, longestWriteGapMs: baseline.gap, writes: baseline.writes },
        },
        {
          name: `during GET ${path}`,
          values: {
            downloadMs: download.ms,
            sizeBytes: download.bytes,
            longestWriteGapMs: during.gap,
            writes: during.writes,
          },
          target: 'gap<200 ms',
          ok: during.gap < 200,
        },
      ],
      notes: [
        `snapshot ready (first byte) after ${download.firstByteMs.toFixed(0)} ms; ` +
          `the longest gap began ${during.startsAt.toFixed(0)} ms after the request`,
        env.engine === 'sqlite'
          ? `WAL file: ${(walBefore / 1024 / 1024).toFixed(1)} MB before, ` +
            `${(walAfter / 1024 / 1024).toFixed(1)} MB right after the download`
          : 'PostgreSQL: the download is pg_dump --format=custom of the whole database',
      ],
    };
  },
};
