import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { type Database, isPostgres, sqlDumpChunks } from '@fees/db';
import Sqlite from 'better-sqlite3';
import { pgDumpToTempFile } from './pg-dump';
import { backupFileName, snapshotToTempFile } from './snapshot';

/**
 * The SQL text dump behind GET /rest/search/backup/?bFile=backup_{yyyy-MM-dd}.sql: an online
 * snapshot is taken first (so the dump is consistent while the app keeps writing), then streamed
 * as SQL in chunks. The snapshot file is removed when the stream closes, read to the end or not.
 * Loading the text into an empty database (pnpm restore backup.sql, or sqlite3 new.sqlite < backup.sql)
 * rebuilds it. On PostgreSQL the text is pg_dump's plain format (psql -d new_database -f backup.sql).
 */
export async function createSqlDump(
  db: Database,
): Promise<{ fileName: string; stream: Readable; snapshotPath: string }> {
  if (isPostgres(db)) {
    const dump = await pgDumpToTempFile(db, 'plain');
    const stream = createReadStream(dump.path);
    stream.once('close', () => void dump.cleanup());
    return { fileName: backupFileName('sql'), stream, snapshotPath: dump.path };
  }
  const snapshot = await snapshotToTempFile(db);
  let client: Sqlite.Database;
  try {
    client = new Sqlite(snapshot.path, { readonly: true, fileMustExist: true });
  } catch (error) {
    await snapshot.cleanup();
    throw error;
  }
  const stream = Readable.from(sqlDumpChunks(client), { objectMode: false });
  stream.once('close', () => {
    if (client.open) client.close();
    void snapshot.cleanup();
  });
  return { fileName: backupFileName('sql'), stream, snapshotPath: snapshot.path };
}
