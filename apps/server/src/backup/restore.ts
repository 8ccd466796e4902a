/**
 * Puts a backup in place of the database file, for the restore command (server stopped): a database
 * file (backup_{date}.sqlite, the automatic backups) or the SQL text dump (backup_{date}.sql).
 * The backup is copied, or the dump loaded, beside the database first and that copy is checked
 * (PRAGMA integrity_check, and the app's tables must be there; a dump must load to its COMMIT without
 * an error); only then is the current file (with its -wal and -shm, which belong to it) renamed with a
 * timestamp and the checked copy renamed into its place.
 */
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { tableRowCounts } from '@fees/db';
import Sqlite from 'better-sqlite3';
import { SqlStatementReader } from './sql-statements';

/** A backup that is refused; nothing has been changed. */
export class RestoreError extends Error {}

const SIDECARS = ['-wal', '-shm', '-journal'] as const;
const REQUIRED_TABLES = ['departments', 'users', 'students', 'receipts', 'receipt_lines'];

export interface RestoreResult {
  databasePath: string;
  /** Where the replaced database now is, or null when there was none. */
  previousPath: string | null;
  /** Rows per table of the restored database. */
  counts: Record<string, number>;
}

function removeWithSidecars(path: string): void {
  for (const suffix of ['', ...SIDECARS]) rmSync(`${path}${suffix}`, { force: true });
}

/** Checks a database file in place; returns its row counts or throws RestoreError. */
export function checkDatabaseFile(path: string): Record<string, number> {
  let client: Sqlite.Database;
  try {
    client = new Sqlite(path, { fileMustExist: true });
  } catch (error) {
    throw new RestoreError(`Cannot open ${path}: ${(error as Error).message}`);
  }
  try {
    let problems: string[];
    try {
      problems = (client.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    } catch (error) {
      throw new RestoreError(`Not a usable SQLite database: ${(error as Error).message}`);
    }
    if (problems.length !== 1 || problems[0] !== 'ok') {
      throw new RestoreError(`The backup failed its integrity check: ${problems.slice(0, 5).join('; ')}`);
    }
    const counts = tableRowCounts(client);
    const missing = REQUIRED_TABLES.filter((t) => !(t in counts));
    if (missing.length > 0) {
      throw new RestoreError(`Not a fee management database (no ${missing.join(', ')} table)`);
    }
    client.pragma('journal_mode = DELETE');
    return counts;
  } finally {
    client.close();
  }
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Calls onPiece with the file's bytes, a megabyte at a time. */
function readPieces(path: string, onPiece: (piece: Buffer) => void): void {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(1 << 20);
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) onPiece(buffer.subarray(0, read));
  } finally {
    closeSync(fd);
  }
}

/** Whether the file is SQL text to load rather than a database file to copy: a .sql name and no SQLite header. */
function isSqlDump(path: string): boolean {
  if (!path.toLowerCase().endsWith('.sql')) return false;
  const header = Buffer.alloc(SQLITE_HEADER.length);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header);
  } finally {
    closeSync(fd);
  }
  return !header.equals(SQLITE_HEADER);
}

/**
 * Loads an SQL dump into a new database file, statement by statement (a dump of any size is never
 * held whole). Refused, naming the line: a statement SQLite rejects, text that is not UTF-8, a last
 * statement cut short, or a dump whose transaction never reaches its COMMIT (a download cut short).
 */
function loadSqlDump(dumpPath: string, databasePath: string): void {
  const client = new Sqlite(databasePath);
  try {
    const reader = new SqlStatementReader();
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const execute = (statements: { text: string; line: number }[]) => {
      for (const statement of statements) {
        try {
          client.exec(statement.text);
        } catch (error) {
          throw new RestoreError(`The SQL dump failed at line ${statement.line}: ${(error as Error).message}`);
        }
      }
    };
    let line = 1;
    const decode = (piece?: Buffer) => {
      try {
        return piece ? decoder.decode(piece, { stream: true }) : decoder.decode();
      } catch {
        throw new RestoreError(`The SQL dump is not UTF-8 text (after line ${line})`);
      }
    };
    readPieces(dumpPath, (piece) => {
      const text = decode(piece);
      line += text.split('\n').length - 1;
      execute(reader.push(text));
    });
    execute(reader.push(decode()));
    const unfinished = reader.end();
    if (unfinished) {
      throw new RestoreError(
        `The SQL dump ends inside a statement (line ${unfinished.line}): the file is incomplete. Download it again.`,
      );
    }
    if (client.inTransaction) {
      throw new RestoreError('The SQL dump ends before its COMMIT: the file is incomplete. Download it again.');
    }
  } finally {
    client.close();
  }
}

function timestamp(now: Date): string {
  return now.toISOString().slice(0, 19).replaceAll(':', '-');
}

export function restoreDatabase(opts: { backupPath: string; databasePath: string; now?: Date }): RestoreResult {
  const { backupPath, databasePath } = opts;
  if (!existsSync(backupPath)) throw new RestoreError(`No such file: ${backupPath}`);
  mkdirSync(dirname(databasePath), { recursive: true });
  const staging = `${databasePath}.restoring`;
  removeWithSidecars(staging);
  let counts: Record<string, number>;
  try {
    if (isSqlDump(backupPath)) loadSqlDump(backupPath, staging);
    else copyFileSync(backupPath, staging);
    counts = checkDatabaseFile(staging);
  } catch (error) {
    removeWithSidecars(staging);
    throw error;
  }
  let previousPath: string | null = null;
  if (existsSync(databasePath)) {
    previousPath = `${databasePath}.before-restore-${timestamp(opts.now ?? new Date())}`;
    renameSync(databasePath, previousPath);
    for (const suffix of SIDECARS) {
      if (existsSync(`${databasePath}${suffix}`)) renameSync(`${databasePath}${suffix}`, `${previousPath}${suffix}`);
    }
  }
  renameSync(staging, databasePath);
  return { databasePath, previousPath, counts };
}
