/**
 * Opening the database at start-up, with a plain answer when the file cannot serve: a folder, a file
 * the server may not read or write, a file that is not an SQLite database, a damaged one. The
 * operator gets one paragraph (the file, what is wrong, what to do) on standard error and the process
 * exits with status 1, instead of a stack trace.
 */
import { accessSync, closeSync, constants, existsSync, openSync, readSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Database, describePostgresUrl, openDatabase, openPostgres } from '@fees/db';

const SQLITE_HEADER = 'SQLite format 3\0';
const RESTORE = 'To go back to a backup, stop anything using the file and run `pnpm restore <backup>`';

function accessible(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

function header(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const bytes = Buffer.alloc(16);
    const read = readSync(fd, bytes, 0, 16, 0);
    return bytes.subarray(0, read).toString('latin1');
  } finally {
    closeSync(fd);
  }
}

/** What is wrong with the file before SQLite opens it, or null when nothing is seen. */
function problemBeforeOpening(path: string): string | null {
  const folder = dirname(path);
  if (!existsSync(path)) {
    if (existsSync(folder) && !accessible(folder, constants.W_OK | constants.X_OK)) {
      return (
        `The database file ${path} does not exist and cannot be created: ` +
        `the server's user may not write in ${folder}. ` +
        `Give it write access to that folder (or set DATABASE_PATH to a folder it may write in), then start again.`
      );
    }
    return null;
  }
  if (statSync(path).isDirectory()) {
    return (
      `The database path ${path} is a folder, not a database file. ` +
      `Set DATABASE_PATH to the .sqlite file (for example data/fees.sqlite). ${RESTORE}.`
    );
  }
  if (!accessible(path, constants.R_OK)) {
    return (
      `The database file ${path} cannot be read: the server's user has no permission to read it. ` +
      `Give that user read and write access to the file and its folder (chown or chmod), then start again. ${RESTORE}.`
    );
  }
  if (!accessible(path, constants.W_OK) || !accessible(folder, constants.W_OK | constants.X_OK)) {
    return (
      `The database file ${path} is read-only for the server's user ` +
      `(the file or its folder ${folder} may not be written), and the server must write to it ` +
      `(sign-ins, receipts, migrations). Give that user write access to both, then start again. ${RESTORE}.`
    );
  }
  const size = statSync(path).size;
  if (size > 0 && header(path) !== SQLITE_HEADER) {
    return (
      `The file ${path} is not an SQLite database (it does not start with the SQLite header; ` +
      `an SQL text dump is restored with pnpm restore, not used directly). Nothing was changed. ` +
      `${RESTORE} (a .sqlite file from Admin › Backup Database or the automatic backups), then start again.`
    );
  }
  return null;
}

/** The paragraph for an error SQLite raised while opening or preparing the file, or null for another error. */
export function databaseProblem(path: string, error: unknown): string | null {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return null;
  const said = error instanceof Error ? error.message : String(error);
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') {
    return (
      `The database file ${path} is damaged (SQLite says: ${said}). ` +
      `The server did not start and changed nothing. ` +
      `${RESTORE} (the command checks the backup first and keeps the damaged file beside it), then start again.`
    );
  }
  if (code.startsWith('SQLITE_READONLY')) {
    return (
      `The database file ${path} cannot be written (SQLite says: ${said}). ` +
      `Give the server's user write access to the file and its folder, then start again. ${RESTORE}.`
    );
  }
  if (
    code.startsWith('SQLITE_CANTOPEN') ||
    code.startsWith('SQLITE_IOERR') ||
    code === 'EACCES' ||
    code === 'EPERM' ||
    code === 'EROFS'
  ) {
    return (
      `The database file ${path} cannot be opened (${said}). ` +
      `Check that the file and its folder exist and that the server's user may read and write them, ` +
      `then start again. ${RESTORE}.`
    );
  }
  return null;
}

/** Prints the paragraph for a database problem and exits with status 1; any other error is thrown on. */
export function failStart(path: string, error: unknown): never {
  const problem = databaseProblem(path, error);
  if (problem === null) throw error;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}

/** Opens the file without preparing it (migrations come after the automatic backup), reading its schema once. */
export function openDatabaseForStart(path: string): Database {
  const problem = (() => {
    try {
      return problemBeforeOpening(path);
    } catch (error) {
      return databaseProblem(path, error);
    }
  })();
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
  try {
    const db = openDatabase(path, { prepare: false });
    // Reading the schema finds a damaged first page now rather than at the first request.
    db.$client.prepare('select count(*) from sqlite_master').get();
    return db;
  } catch (error) {
    return failStart(path, error);
  }
}

/**
 * Opens the PostgreSQL database at `url`, applies its migrations and seeds it; when that fails, says
 * which database (never the password) and why, and ends the process.
 */
export async function openPostgresForStart(url: string): Promise<Database> {
  try {
    return await openPostgres(url);
  } catch (error) {
    process.stderr.write(
      `Cannot open the PostgreSQL database ${describePostgresUrl(url)}: ${(error as Error).message}\n`,
    );
    process.exit(1);
  }
}
