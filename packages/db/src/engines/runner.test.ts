import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../client';
import { isPostgres } from './postgres/database';
import { closeTestDatabase, onPostgres, openTestDatabase } from '../test/database';
import { bound, row, rows, run, transaction } from '.';

/** A promise settled from outside, to hold a transaction open while the test acts. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const religionCount = async (db: Database) =>
  (await row<{ n: number }>(db, sql`SELECT count(*) AS n FROM religions`))!.n;

describe('the runner', () => {
  it('runs sql templates with bound values: rows, row, run', async () => {
    const db = await openTestDatabase();
    expect(await run(db, sql`INSERT INTO religions (name) VALUES (${'Zoroastrian'})`)).toEqual({
      changes: 1,
    });
    expect(
      await rows<{ name: string }>(
        db,
        sql`SELECT name FROM religions WHERE lower(name) LIKE lower(${'zoro%'}) ORDER BY name`,
      ),
    ).toEqual([{ name: 'Zoroastrian' }]);
    expect(await row(db, sql`SELECT name FROM religions WHERE name = ${'Nobody'}`)).toBeUndefined();
    expect(
      await row<{ departmentId: number }>(db, sql`SELECT id AS "departmentId" FROM departments WHERE code = ${'UG'}`),
    ).toEqual({
      departmentId: 100,
    });
    expect((await run(db, sql`UPDATE religions SET name = name WHERE id < 0`)).changes).toBe(0);
    await closeTestDatabase(db);
  });

  it('runs a statement built once with placeholders, bound to new values at each run', async () => {
    const db = await openTestDatabase();
    const insert = sql`INSERT INTO religions (name) VALUES (${sql.placeholder('name')})`;
    const byPrefix = sql`SELECT name FROM religions
      WHERE lower(name) LIKE lower(${sql.placeholder('prefix')}) AND name <> ${sql.placeholder('except')}
        AND lower(name) LIKE lower(${sql.placeholder('prefix')})
      ORDER BY name`;
    for (const name of ['Zoroastrian', 'Zen', 'Zurvanite']) {
      expect(await run(db, bound(insert, { name }))).toEqual({ changes: 1 });
    }
    expect(await rows<{ name: string }>(db, bound(byPrefix, { prefix: 'z%', except: 'Zen' }))).toEqual([
      { name: 'Zoroastrian' },
      { name: 'Zurvanite' },
    ]);
    expect(await row<{ name: string }>(db, bound(byPrefix, { prefix: 'zen%', except: '' }))).toEqual({ name: 'Zen' });
    // A value left out fails the statement; nothing is bound in its place.
    await expect((async () => rows(db, bound(byPrefix, { prefix: 'z%' })))()).rejects.toThrow(
      'No value for placeholder "except"',
    );
    await closeTestDatabase(db);
  });

  it('commits a transaction, rolls it back when its work throws, and nests a savepoint that rolls back alone', async () => {
    const db = await openTestDatabase();
    const before = await religionCount(db);
    await transaction(db, async (tx) => {
      await run(tx, sql`INSERT INTO religions (name) VALUES (${'Kept'})`);
      await expect(
        transaction(tx, async (inner) => {
          await run(inner, sql`INSERT INTO religions (name) VALUES (${'Undone'})`);
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
    });
    await expect(
      transaction(db, async (tx) => {
        await run(tx, sql`INSERT INTO religions (name) VALUES (${'Lost'})`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(
      await rows<{ name: string }>(db, sql`SELECT name FROM religions WHERE name IN ('Kept', 'Undone', 'Lost')`),
    ).toEqual([{ name: 'Kept' }]);
    expect(await religionCount(db)).toBe(before + 1);
    if (!isPostgres(db)) expect(db.$client.inTransaction).toBe(false);
    await closeTestDatabase(db);
  });
});

// SQLite's one connection and its lock; on PostgreSQL transactions run side by side on pooled clients.
describe.skipIf(onPostgres)('the runner on SQLite', () => {
  it('keeps other work out of an open transaction: a query on db waits until it ends, and is not rolled back with it', async () => {
    const db = openDatabase(':memory:');
    const before = await religionCount(db);
    const held = gate();
    const order: string[] = [];
    const failing = transaction(db, async (tx) => {
      await run(tx, sql`INSERT INTO religions (name) VALUES (${'Uncommitted'})`);
      await held.opened;
      order.push('transaction ends');
      throw new Error('refused');
    });
    const outside = run(db, sql`INSERT INTO religions (name) VALUES (${'Outside'})`).then(() =>
      order.push('outside write'),
    );
    const read = religionCount(db).then((n) => {
      order.push('outside read');
      return n;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([]);
    held.open();
    await expect(failing).rejects.toThrow('refused');
    await outside;
    // The read queued after the write saw it, and never the rolled-back row.
    expect(await read).toBe(before + 1);
    expect(order).toEqual(['transaction ends', 'outside write', 'outside read']);
    expect(await rows(db, sql`SELECT name FROM religions WHERE name IN ('Uncommitted', 'Outside')`)).toEqual([
      { name: 'Outside' },
    ]);
  });

  it('runs transactions one after the other, in the order they asked', async () => {
    const db = openDatabase(':memory:');
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3].map((n) =>
        transaction(db, async (tx) => {
          order.push(n);
          await new Promise((resolve) => setImmediate(resolve));
          await run(tx, sql`INSERT INTO religions (name) VALUES (${`Faith ${n}`})`);
          order.push(n);
        }),
      ),
    );
    expect(order).toEqual([1, 1, 2, 2, 3, 3]);
  });
});
