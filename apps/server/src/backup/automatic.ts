/**
 * Automatic backups: on a cron schedule (local time), at start when the last good one is older than
 * a day, and before pending migrations are applied. Each is the same online snapshot as the download
 * (snapshot.ts), written beside its final name and checked there (opened read-only, PRAGMA
 * integrity_check, the app's tables present, row counts recorded) before it counts as good; then
 * copied to BACKUP_COPY_TO when set, and old files removed by retention.ts. What is known about each
 * file sits beside it in {file}.json, so the folder describes itself and survives a restore.
 */
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import {
  type Database,
  pendingMigrationCount,
  prepareDatabase,
  tableRowCounts,
  transaction,
  writeAudit,
} from '@fees/db';
import Sqlite from 'better-sqlite3';
import { Cron } from 'croner';
import { backupsToRemove, type Keep } from './retention';
import { takeSnapshot } from './snapshot';

export interface BackupSettings {
  /** The folder of the automatic backups. */
  dir: string;
  /** A cron expression in local time, or null for no scheduled backups. */
  schedule: string | null;
  keep: Keep;
  /** A second folder (another disk, a network mount) that receives a copy of each good backup. */
  copyTo: string | null;
  /** The start of each file name: the database's own name, so two databases can share a folder. */
  prefix: string;
}

export type BackupReason = 'schedule' | 'start' | 'pre-migration';

export interface BackupRecord {
  file: string;
  takenAt: string;
  reason: BackupReason;
  bytes: number;
  ms: number;
  check: { ok: boolean; problem: string | null; counts: Record<string, number> };
  copy: { ok: true; to: string } | { ok: false; to: string; error: string } | null;
}

interface Log {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const REQUIRED_TABLES = ['departments', 'users', 'students', 'receipts', 'receipt_lines'];
const DAY_MS = 24 * 60 * 60 * 1000;
/** The dashboard warns when the last good backup is older than this (a daily schedule and some slack). */
export const STALE_AFTER_MS = 26 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');
function stamp(d: Date): string {
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}_` +
    `${pad(d.getHours())}-${pad(d.getMinutes())}-${pad(d.getSeconds())}`
  );
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The backup's own check: read-only, so checking never changes what was written. */
export function checkBackupFile(path: string): BackupRecord['check'] {
  let client: Sqlite.Database | undefined;
  try {
    client = new Sqlite(path, { readonly: true, fileMustExist: true });
    const problems = (client.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    if (problems.length !== 1 || problems[0] !== 'ok') {
      return { ok: false, problem: `integrity check: ${problems.slice(0, 5).join('; ')}`, counts: {} };
    }
    const counts = tableRowCounts(client);
    const missing = REQUIRED_TABLES.filter((t) => !(t in counts));
    if (missing.length > 0) return { ok: false, problem: `missing tables: ${missing.join(', ')}`, counts };
    return { ok: true, problem: null, counts };
  } catch (error) {
    return { ok: false, problem: messageOf(error), counts: {} };
  } finally {
    client?.close();
  }
}

async function writeJson(path: string, value: unknown): Promise<void> {
  await writeFile(`${path}.partial`, `${JSON.stringify(value, null, 2)}\n`);
  await rename(`${path}.partial`, path);
}

export class Backups {
  private cron: Cron | null = null;
  private running: Promise<BackupRecord> | null = null;
  private log: Log = { info: () => {}, error: () => {} };
  /** True once the first backup check at start is done (GET /readyz). */
  ready = false;

  constructor(
    private readonly db: Database,
    readonly settings: BackupSettings,
  ) {}

  /** Every backup in the folder, newest first; a file without its record (cut short) is unchecked. */
  async list(): Promise<Array<BackupRecord | { file: string; takenAt: null; bytes: number; check: null; copy: null }>> {
    const names = await readdir(this.settings.dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    const files = names.filter((n) => n.startsWith(`${this.settings.prefix}_`) && n.endsWith('.sqlite'));
    const entries = await Promise.all(
      files.map(async (file) => {
        try {
          return JSON.parse(await readFile(join(this.settings.dir, `${file}.json`), 'utf8')) as BackupRecord;
        } catch {
          const bytes = await stat(join(this.settings.dir, file)).then(
            (s) => s.size,
            () => 0,
          );
          return { file, takenAt: null, bytes, check: null, copy: null };
        }
      }),
    );
    return entries.sort((a, b) => b.file.localeCompare(a.file));
  }

  async records(): Promise<BackupRecord[]> {
    return (await this.list()).filter((r): r is BackupRecord => r.takenAt !== null);
  }

  /** The path of one of this folder's backups, or null when there is no such file. */
  async pathOf(file: string): Promise<string | null> {
    if (basename(file) !== file || extname(file) !== '.sqlite') return null;
    return (await this.list()).some((r) => r.file === file) ? join(this.settings.dir, file) : null;
  }

  /** What the admin dashboard should say: no good backup lately, a failed check, a failed copy. */
  async warnings(now: Date = new Date()): Promise<string[]> {
    const records = await this.records();
    const warnings: string[] = [];
    const lastGood = records.find((r) => r.check.ok);
    if (!lastGood) warnings.push('There is no good backup of the database yet.');
    else if (now.getTime() - Date.parse(lastGood.takenAt) > STALE_AFTER_MS) {
      const hours = Math.floor((now.getTime() - Date.parse(lastGood.takenAt)) / 3_600_000);
      warnings.push(`The last good backup was taken ${hours} hours ago (${lastGood.file}).`);
    }
    const last = records[0];
    if (last && !last.check.ok) warnings.push(`The last backup (${last.file}) failed its check: ${last.check.problem}`);
    const lastCopy = records.find((r) => r.copy !== null);
    if (lastCopy?.copy && !lastCopy.copy.ok) {
      warnings.push(`The copy of ${lastCopy.file} to ${lastCopy.copy.to} failed: ${lastCopy.copy.error}`);
    }
    return warnings;
  }

  /** Takes, checks, copies and records one backup, then applies retention; one at a time. */
  run(reason: BackupReason, now: Date = new Date()): Promise<BackupRecord> {
    const previous = this.running ?? Promise.resolve(null);
    const next = previous.catch(() => null).then(() => this.take(reason, now));
    this.running = next;
    return next.finally(() => {
      if (this.running === next) this.running = null;
    });
  }

  private async take(reason: BackupReason, now: Date): Promise<BackupRecord> {
    const { dir, prefix, copyTo } = this.settings;
    await mkdir(dir, { recursive: true });
    let file = `${prefix}_${stamp(now)}.sqlite`;
    const taken = new Set((await this.list()).map((r) => r.file));
    for (let n = 2; taken.has(file); n++) file = `${prefix}_${stamp(now)}-${n}.sqlite`;
    const path = join(dir, file);
    const partial = join(dir, `.${file}.partial`);
    await rm(partial, { force: true });
    const snapshot = await takeSnapshot(this.db, partial);
    const check = checkBackupFile(partial);
    await rename(partial, path);
    const record: BackupRecord = {
      file,
      takenAt: now.toISOString(),
      reason,
      bytes: snapshot.bytes,
      ms: snapshot.ms,
      check,
      copy: null,
    };
    await writeJson(`${path}.json`, record);
    if (check.ok && copyTo) {
      record.copy = await this.copy(path, copyTo);
      await writeJson(`${path}.json`, record);
    }
    if (check.ok) this.log.info({ file, reason, bytes: record.bytes, ms: record.ms, copy: record.copy }, 'backup');
    else this.log.error({ file, reason, problem: check.problem }, 'backup failed its check');
    if (record.copy && !record.copy.ok)
      this.log.error({ file, to: record.copy.to, error: record.copy.error }, 'backup copy failed');
    await transaction(this.db, (tx) =>
      writeAudit(tx, {
        actor: { userId: null, email: 'system' },
        action: 'backup',
        entity: 'database',
        entityId: file,
        after: { reason, bytes: record.bytes, good: check.ok, problem: check.problem, copy: record.copy },
      }),
    );
    await this.applyRetention();
    return record;
  }

  /** Into the copy folder, which must exist: a missing mount must not fill the local disk's mount point. */
  private async copy(path: string, to: string): Promise<NonNullable<BackupRecord['copy']>> {
    const target = join(to, basename(path));
    try {
      if (!(await stat(to)).isDirectory()) throw new Error('not a folder');
      await copyFile(path, `${target}.partial`);
      await rename(`${target}.partial`, target);
      await copyFile(`${path}.json`, `${target}.json`);
      return { ok: true, to };
    } catch (error) {
      await rm(`${target}.partial`, { force: true }).catch(() => {});
      return { ok: false, to, error: messageOf(error) };
    }
  }

  private async applyRetention(): Promise<void> {
    const all = await this.list();
    const remove = backupsToRemove(
      all.map((r) => ({ file: r.file, takenAt: r.takenAt ?? '', good: r.check?.ok === true })),
      this.settings.keep,
    );
    for (const file of remove) {
      const folders = [this.settings.dir, ...(this.settings.copyTo ? [this.settings.copyTo] : [])];
      for (const folder of folders) {
        for (const name of [file, `${file}.json`]) {
          await rm(join(folder, name), { force: true }).catch((error: Error) =>
            this.log.error({ file: join(folder, name), error: error.message }, 'could not remove an old backup'),
          );
        }
      }
    }
    if (remove.length > 0) this.log.info({ removed: remove }, 'old backups removed');
  }

  /**
   * At start, once the server listens: the schedule, and a backup when the last good one is older
   * than a day (or there is none); neither without a schedule. ready turns true when that first
   * check is done, backup or not.
   */
  async start(log: Log, now: Date = new Date()): Promise<void> {
    this.log = log;
    if (this.settings.schedule) {
      this.cron = new Cron(
        this.settings.schedule,
        { protect: true, catch: (error) => log.error({ err: error }, 'scheduled backup failed') },
        () => this.run('schedule').then(() => undefined),
      );
    }
    try {
      const lastGood = (await this.records()).find((r) => r.check.ok);
      const due = !lastGood || now.getTime() - Date.parse(lastGood.takenAt) > DAY_MS;
      if (due && this.settings.schedule) await this.run('start', now);
    } catch (error) {
      log.error({ err: error }, 'backup at start failed');
    } finally {
      this.ready = true;
    }
  }

  /** When the next scheduled backup runs, or null without a schedule. */
  nextRun(): Date | null {
    return this.cron?.nextRun() ?? null;
  }

  async stop(): Promise<void> {
    this.cron?.stop();
    this.cron = null;
    await this.running?.catch(() => {});
  }
}

/** Throws a clear start-up error for a schedule croner cannot read; null is off. */
export function validateSchedule(schedule: string | null): void {
  if (!schedule) return;
  try {
    new Cron(schedule, { paused: true }).stop();
  } catch (error) {
    throw new Error(`BACKUP_SCHEDULE is not a cron expression croner can read ("${schedule}"): ${messageOf(error)}`);
  }
}

/**
 * Opens the database for the server: when committed migrations are pending on a database that has
 * some, a checked backup is taken first (an upgrade that goes wrong is undone with pnpm restore),
 * then migrations and reference data as always. Returns that backup's record, if one was taken.
 */
export async function prepareWithBackup(
  db: Database,
  backups: Backups,
  migrationsFolder?: string,
): Promise<BackupRecord | null> {
  const pending = pendingMigrationCount(db, migrationsFolder);
  const record = pending > 0 ? await backups.run('pre-migration') : null;
  if (record && !record.check.ok) {
    throw new Error(
      `The backup before migrations (${record.file}) failed its check: ${record.check.problem}. Nothing was migrated.`,
    );
  }
  prepareDatabase(db, migrationsFolder);
  return record;
}
