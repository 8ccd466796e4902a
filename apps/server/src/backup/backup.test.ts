import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase, tableRowCounts } from '@fees/db';
import Sqlite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { today } from '../config';
import { buildFixture, type Fixture } from '../test/fixture';
import { RestoreError, restoreDatabase } from './restore';
import { takeSnapshot } from './snapshot';
import { createSqlDump } from './sql-dump';
import { onPostgres } from '@fees/db/testing';

/** Students of the fixture's UG batch the writer takes turns to pay for. */
const PAYING_STUDENTS = 200;

/**
 * Copies of the fixture's UG student (admission numbers -1, -2, ...), so that receipts spread over many
 * students as at a real counter: a student's live lines are also kept as one text
 * (student_payment_texts), rewritten at each receipt, and thousands of receipts for one student would
 * make every write slower than the snapshot under test.
 */
function payingStudents(client: Sqlite.Database, fx: Fixture): number[] {
  const columns = (client.pragma('table_info(students)') as Array<{ name: string }>)
    .map((c) => c.name)
    .filter((c) => c !== 'id');
  const values = columns.map((c) => (c === 'admission_no' ? "admission_no || '-' || @n" : c)).join(', ');
  const copy = client.prepare(
    `insert into students (${columns.join(', ')}) select ${values} from students where id = @id`,
  );
  const ids = [fx.ug.studentId];
  for (let n = 1; n < PAYING_STUDENTS; n++) ids.push(Number(copy.run({ id: fx.ug.studentId, n }).lastInsertRowid));
  return ids;
}

/** Writes receipts with plain SQL on any connection, numbered from the shared sequence, for each paying student in turn. */
function receiptWriter(client: Sqlite.Database, fx: Fixture, studentIds: number[]) {
  let turn = 0;
  const bump = client
    .prepare('update receipt_number_sequence set last_number = last_number + 1 where id = 1 returning last_number')
    .pluck();
  const receipt = client.prepare(
    `insert into receipts (number, department_id, course_id, batch_id, student_id, date, student_name, address,
       total_paise, tax_rate_basis_points, tax_paise, net_paise, payment_mode)
     values (?, 100, ?, ?, ?, ?, 'Anjali Menon', '12 Temple Road, Thrissur', ?, 0, 0, ?, 'cash')`,
  );
  const line = client.prepare(
    `insert into receipt_lines (receipt_id, line_no, student_id, fee_head_id, particulars, amount_paise)
     values (?, 1, ?, ?, 'Instalment', ?)`,
  );
  return client.transaction((paise: number): number => {
    const studentId = studentIds[turn++ % studentIds.length]!;
    const number = bump.get() as number;
    const { lastInsertRowid } = receipt.run(number, fx.ug.courseId, fx.ug.batchId, studentId, today(), paise, paise);
    line.run(lastInsertRowid, studentId, fx.heads.tuition, paise);
    return number;
  });
}

/**
 * Runs write() on every turn of the event loop until stopped. The pause is the time from the end of
 * one write to the start of the next: how long the writer could not run (its own fsync excluded).
 */
function busyWriter(write: (paise: number) => number) {
  const numbers: number[] = [];
  let running = true;
  let lastEnd = performance.now();
  let longestPauseMs = 0;
  const loop = () => {
    if (!running) return;
    longestPauseMs = Math.max(longestPauseMs, performance.now() - lastEnd);
    numbers.push(write(500_00));
    lastEnd = performance.now();
    setImmediate(loop);
  };
  setImmediate(loop);
  return {
    numbers,
    /** The longest pause so far, and start counting afresh. */
    takeLongestPause: () => {
      const longest = longestPauseMs;
      longestPauseMs = 0;
      return longest;
    },
    stop: () => {
      running = false;
    },
  };
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'fees-backup-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A file database with the fixture and `receipts` more receipts (about 2 MB per 10,000). */
async function liveDatabase(receipts: number) {
  const path = join(dir, 'live', 'fees.sqlite');
  const db = openDatabase(path);
  const fx = await buildFixture(db);
  const students = payingStudents(db.$client, fx);
  const write = receiptWriter(db.$client, fx, students);
  db.$client.transaction(() => {
    for (let i = 0; i < receipts; i++) write(1_000_00 + i);
  })();
  return { path, db, fx, students };
}

function integrity(path: string): string {
  const client = new Sqlite(path, { readonly: true, fileMustExist: true });
  try {
    return client.pragma('integrity_check', { simple: true }) as string;
  } finally {
    client.close();
  }
}

function countsOf(path: string): Record<string, number> {
  const client = new Sqlite(path, { readonly: true, fileMustExist: true });
  try {
    return tableRowCounts(client);
  } finally {
    client.close();
  }
}

// SQLite file snapshots (backup API, WAL, restore of the file); PostgreSQL backups are pg_dump's.
describe.skipIf(onPostgres)('online snapshot', () => {
  it('is consistent and complete while another connection keeps writing receipts, and restores', async () => {
    const live = await liveDatabase(20_000);
    const other = new Sqlite(live.path);
    other.pragma('busy_timeout = 5000');
    const writer = busyWriter(receiptWriter(other, live.fx, live.students));
    await sleep(200);
    const baselinePauseMs = writer.takeLongestPause();
    let committedBefore = 0;
    const snapshotPath = join(dir, 'snapshot.sqlite');
    const snapshot = await takeSnapshot(live.db, snapshotPath, {
      onStart: () => (committedBefore = writer.numbers.at(-1)!),
    });
    const longestPauseMs = writer.takeLongestPause();
    const writesDuring = writer.numbers.length - writer.numbers.indexOf(committedBefore) - 1;
    writer.stop();
    other.close();
    console.log(
      `snapshot with a writer on another connection: ${snapshot.bytes} bytes, ${snapshot.pages} pages, ${snapshot.ms} ms, ` +
        `${writesDuring} receipts written meanwhile; longest pause between writes ` +
        `${longestPauseMs.toFixed(1)} ms (${baselinePauseMs.toFixed(1)} ms without a snapshot)`,
    );

    expect(integrity(snapshotPath)).toBe('ok');
    const copy = new Sqlite(snapshotPath, { readonly: true, fileMustExist: true });
    const inSnapshot = copy.prepare('select count(*) as n, max(number) as last from receipts').get();
    const lines = copy.prepare('select count(*) from receipt_lines').pluck().get();
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    copy.close();
    // Receipt numbers run 1, 2, 3, ... without gaps: the snapshot holds exactly those committed before it began.
    expect(inSnapshot).toEqual({ n: committedBefore, last: committedBefore });
    expect(lines).toBe(committedBefore);

    const snapshotCounts = countsOf(snapshotPath);
    live.db.$client.close();
    const liveCounts = countsOf(live.path);
    expect(liveCounts.receipts).toBeGreaterThanOrEqual(snapshotCounts.receipts!);

    const restored = restoreDatabase({
      backupPath: snapshotPath,
      databasePath: live.path,
      now: new Date('2026-01-02T03:04:05Z'),
    });
    expect(restored.previousPath).toBe(`${live.path}.before-restore-2026-01-02T03-04-05`);
    expect(countsOf(live.path)).toEqual(snapshotCounts);
    expect(restored.counts).toEqual(snapshotCounts);
    expect(countsOf(restored.previousPath!)).toEqual(liveCounts);
    expect(integrity(live.path)).toBe('ok');
    const reopened = openDatabase(live.path);
    expect(reopened.$client.prepare('select count(*) from receipts').pluck().get()).toBe(snapshotCounts.receipts);
    reopened.$client.close();
  });

  it('is the database as it was when it began while the app connection keeps writing', async () => {
    const live = await liveDatabase(20_000);
    const writer = busyWriter(receiptWriter(live.db.$client, live.fx, live.students));
    await sleep(200);
    const baselinePauseMs = writer.takeLongestPause();
    let committedBefore = 0;
    const snapshotPath = join(dir, 'snapshot.sqlite');
    const snapshot = await takeSnapshot(live.db, snapshotPath, {
      onStart: () => (committedBefore = writer.numbers.at(-1)!),
    });
    const longestPauseMs = writer.takeLongestPause();
    const writesDuring = writer.numbers.length - writer.numbers.indexOf(committedBefore) - 1;
    writer.stop();
    console.log(
      `snapshot with writes on the app connection: ${snapshot.ms} ms, ${writesDuring} receipts written meanwhile; ` +
        `longest pause between writes ${longestPauseMs.toFixed(1)} ms (${baselinePauseMs.toFixed(1)} ms without a snapshot)`,
    );
    expect(integrity(snapshotPath)).toBe('ok');
    expect(countsOf(snapshotPath).receipts).toBe(committedBefore);
    live.db.$client.close();
  });
});

describe.skipIf(onPostgres)('snapshot worker', () => {
  it('checkpoints the WAL the app left behind', async () => {
    const live = await liveDatabase(100);
    live.db.$client.pragma('wal_autocheckpoint = 0');
    const write = receiptWriter(live.db.$client, live.fx, live.students);
    for (let i = 0; i < 200; i++) write(700_00);
    const snapshot = await takeSnapshot(live.db, join(dir, 'snapshot.sqlite'));
    expect(snapshot.checkpoint).toMatchObject({ busy: 0 });
    expect(snapshot.checkpoint!.log).toBeGreaterThan(200);
    expect(snapshot.checkpoint!.checkpointed).toBe(snapshot.checkpoint!.log);
    expect(countsOf(snapshot.path).receipts).toBe(301);
    live.db.$client.close();
  });

  it('passes on its failure and leaves nothing waiting', async () => {
    const live = await liveDatabase(100);
    await expect(takeSnapshot(live.db, join(dir, 'missing', 'snapshot.sqlite'))).rejects.toThrow(
      'directory does not exist',
    );
    await expect(takeSnapshot(live.db, join(dir, 'snapshot.sqlite'))).resolves.toMatchObject({
      pages: expect.any(Number),
    });
    live.db.$client.close();
  });
});

describe.skipIf(onPostgres)('restore', () => {
  it('refuses a damaged file, a file that is not SQLite, or another database, and changes nothing', async () => {
    const live = await liveDatabase(2_000);
    const good = join(dir, 'good.sqlite');
    await takeSnapshot(live.db, good);
    live.db.$client.close();
    const before = readFileSync(live.path);

    const damaged = join(dir, 'damaged.sqlite');
    const bytes = readFileSync(good);
    // Scribble over the b-tree page headers of pages 10 to 29 (page size 4096).
    for (let page = 10; page < 30; page++) bytes.fill(0x5a, page * 4096, page * 4096 + 12);
    writeFileSync(damaged, bytes);
    const text = join(dir, 'notes.sqlite');
    writeFileSync(text, 'these are not the pages you are looking for\n'.repeat(200));
    const foreign = join(dir, 'foreign.sqlite');
    const other = new Sqlite(foreign);
    other.exec('create table notes (id integer primary key, body text)');
    other.close();

    const attempt = (backupPath: string) => {
      try {
        restoreDatabase({ backupPath, databasePath: live.path });
      } catch (error) {
        expect(error).toBeInstanceOf(RestoreError);
        return (error as Error).message;
      }
      throw new Error('expected a refusal');
    };
    expect(await attempt(damaged)).toMatch(/integrity check|Not a usable SQLite database/);
    expect(await attempt(text)).toMatch(/Not a usable SQLite database/);
    expect(await attempt(foreign)).toBe(
      'Not a fee management database (no departments, users, students, receipts, receipt_lines table)',
    );
    expect(await attempt(join(dir, 'missing.sqlite'))).toMatch(/^No such file/);
    expect(readFileSync(live.path).equals(before)).toBe(true);
    expect(
      restoreDatabase({ backupPath: good, databasePath: join(dir, 'fresh', 'fees.sqlite') }).previousPath,
    ).toBeNull();
  });
});

describe.skipIf(onPostgres)('SQL dump', () => {
  it('is SQL text that rebuilds the same database', async () => {
    const live = await liveDatabase(3_000);
    live.db.$client
      .prepare("update students set name = 'Anjali O''Brien', email = null where id = ?")
      .run(live.fx.ug.studentId);
    const { fileName, stream } = await createSqlDump(live.db);
    expect(fileName).toBe(`backup_${today()}.sql`);
    let text = '';
    for await (const chunk of stream) text += chunk;
    expect(text.startsWith('PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n')).toBe(true);
    expect(text.endsWith('COMMIT;\n')).toBe(true);

    const rebuilt = new Sqlite(':memory:');
    rebuilt.exec(text);
    expect(rebuilt.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(tableRowCounts(rebuilt)).toEqual(tableRowCounts(live.db.$client));
    expect(rebuilt.prepare('select name, email from students where id = ?').get(live.fx.ug.studentId)).toEqual({
      name: "Anjali O'Brien",
      email: null,
    });
    expect(rebuilt.prepare('select * from sqlite_sequence order by name').all()).toEqual(
      live.db.$client.prepare('select * from sqlite_sequence order by name').all(),
    );
    const indexes = "select name from sqlite_master where type = 'index' and sql is not null order by name";
    expect(rebuilt.prepare(indexes).pluck().all()).toEqual(live.db.$client.prepare(indexes).pluck().all());
    rebuilt.close();
    live.db.$client.close();
  });

  it('cleans up its snapshot when the reader stops early', async () => {
    const live = await liveDatabase(3_000);
    const { stream, snapshotPath } = await createSqlDump(live.db);
    expect(existsSync(snapshotPath)).toBe(true);
    for await (const _chunk of stream) break;
    expect(stream.destroyed).toBe(true);
    await vi.waitFor(() => expect(existsSync(dirname(snapshotPath))).toBe(false));
    live.db.$client.close();
  });
});
