import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../client';
import { inWriteTransaction, row, rows, run, runInWriteBatch, transaction } from '..';
import { religions, settings, signInLimits, verifyKeys } from '../../schema';
import { createTestPostgres, type TestPostgres } from '../../test/postgres';
import { closePostgres, openPostgres } from './client';
import { rowAndCommit } from './database';

describe('the runner and the query builder on PostgreSQL', () => {
  let postgres: TestPostgres;
  let db: Database;

  beforeAll(async () => {
    postgres = await createTestPostgres();
    db = await openPostgres(postgres.url);
  }, 60_000);

  afterAll(async () => {
    if (db) await closePostgres(db);
    await postgres?.stop();
  });

  const religionCount = async (on: Database) =>
    (await row<{ n: number }>(on, sql`SELECT count(*) AS n FROM religions`))!.n;

  it('runs sql templates with bound values: rows, row, run; counts and sums are numbers', async () => {
    expect(await run(db, sql`INSERT INTO religions (name) VALUES (${'Zoroastrian'})`)).toEqual({
      changes: 1,
    });
    expect(
      await rows(db, sql`SELECT name FROM religions WHERE lower(name) LIKE lower(${'zoro%'}) ORDER BY name`),
    ).toEqual([{ name: 'Zoroastrian' }]);
    expect(await row(db, sql`SELECT name FROM religions WHERE name = ${'Nobody'}`)).toBeUndefined();
    expect(await row(db, sql`SELECT id AS "departmentId" FROM departments WHERE code = ${'UG'}`)).toEqual({
      departmentId: 100,
    });
    expect(await row(db, sql`SELECT count(*) AS n, sum(id) AS total FROM departments`)).toEqual({ n: 6, total: 615 });
  });

  it('reads the shared texts alike: quoted camelCase aliases, lower() LIKE and COLLATE NOCASE ignore case', async () => {
    await run(db, sql`INSERT INTO religions (name) VALUES (${'alpha Faith'}), (${'Beta faith'})`);
    expect(
      await rows(
        db,
        sql`SELECT name AS "religionName" FROM religions WHERE lower(name) LIKE lower('%FAITH') ORDER BY name COLLATE NOCASE`,
      ),
    ).toEqual([{ religionName: 'alpha Faith' }, { religionName: 'Beta faith' }]);
    expect(
      await row(db, sql`SELECT id AS "religionId" FROM religions WHERE name = ${'BETA FAITH'} COLLATE NOCASE`),
    ).toEqual({
      religionId: expect.any(Number),
    });
  });

  it('runs upserts whose target names its table (Drizzle\u2019s SQLite dialect)', async () => {
    const limit = { key: 'k', count: 1, windowStart: 5, expiresAt: 10 };
    for (const count of [1, 2]) {
      await db
        .insert(signInLimits)
        .values({ ...limit, count })
        .onConflictDoUpdate({ target: signInLimits.key, set: { count } });
    }
    expect(await db.select().from(signInLimits)).toEqual([{ ...limit, count: 2 }]);
  });

  it('renders builder calls: an insert takes the columns\u2019 own defaults, selects map to the schema\u2019s fields', async () => {
    const [key] = await db.insert(verifyKeys).values({ secret: 's3cret' }).returning();
    expect(key).toMatchObject({ id: expect.any(Number), secret: 's3cret' });
    expect(key!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(
      await db.select({ gst: settings.gstRateBasisPoints, days: settings.backdateLimitDays }).from(settings),
    ).toEqual([{ gst: 0, days: 62 }]);
    await db.update(settings).set({ gstRateBasisPoints: 1800 }).where(eq(settings.id, 1));
    expect((await db.select().from(settings).where(eq(settings.id, 1)).limit(1))[0]?.gstRateBasisPoints).toBe(1800);
  });

  it('commits a transaction, rolls it back when its work throws, and nests a savepoint that rolls back alone', async () => {
    const before = await religionCount(db);
    await transaction(db, async (tx) => {
      await tx.insert(religions).values({ name: 'Kept' });
      await expect(
        transaction(tx, async (inner) => {
          await run(inner, sql`INSERT INTO religions (name) VALUES (${'Undone'})`);
          throw new Error('inner refused');
        }),
      ).rejects.toThrow('inner refused');
    });
    await expect(
      inWriteTransaction(db, async (tx) => {
        await run(tx, sql`INSERT INTO religions (name) VALUES (${'Lost'})`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await rows(db, sql`SELECT name FROM religions WHERE name IN ('Kept', 'Undone', 'Lost')`)).toEqual([
      { name: 'Kept' },
    ]);
    expect(await religionCount(db)).toBe(before + 1);
  });

  it('numbers concurrent writes without gaps or repeats: the counter row is locked until each commits', async () => {
    const taken = await Promise.all(
      Array.from({ length: 40 }, () =>
        runInWriteBatch(db, async (tx) => {
          const next = await row<{ n: number }>(
            tx,
            sql`UPDATE receipt_number_sequence SET last_number = last_number + 1 WHERE id = 1 RETURNING last_number AS n`,
          );
          return next!.n;
        }),
      ),
    );
    expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('sends the last statement of runInWriteBatch\u2019s write with its COMMIT: committed, nothing may follow; a failing one undoes the write', async () => {
    const insert = (name: string) => sql`INSERT INTO religions (name) VALUES (${name}) RETURNING name`;
    await expect(
      runInWriteBatch(db, async (tx) => {
        await run(tx, sql`INSERT INTO religions (name) VALUES (${'First of the write'})`);
        expect(await rowAndCommit(tx, insert('Last of the write'))).toEqual({ name: 'Last of the write' });
        await row(tx, sql`SELECT 1 AS one`);
      }),
    ).rejects.toThrow('nothing may run on it after that');
    expect(await rows(db, sql`SELECT name FROM religions WHERE name LIKE '% of the write' ORDER BY name`)).toEqual([
      { name: 'First of the write' },
      { name: 'Last of the write' },
    ]);

    await expect(
      runInWriteBatch(db, async (tx) => {
        await run(tx, sql`INSERT INTO religions (name) VALUES (${'Before a refused last'})`);
        await rowAndCommit(tx, insert('First of the write'));
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await rows(db, sql`SELECT name FROM religions WHERE name = 'Before a refused last'`)).toEqual([]);
  });

  it('leaves the COMMIT to the transaction\u2019s owner anywhere else: a write after it, or its failure, still counts', async () => {
    const insert = (name: string) => sql`INSERT INTO religions (name) VALUES (${name}) RETURNING name`;
    await expect(
      transaction(db, async (tx) => {
        await rowAndCommit(tx, insert('Not the last'));
        await run(tx, sql`INSERT INTO religions (name) VALUES (${'After it'})`);
        throw new Error('the owner refuses');
      }),
    ).rejects.toThrow('the owner refuses');
    await runInWriteBatch(db, (tx) =>
      transaction(tx, async (inner) => {
        await rowAndCommit(inner, insert('In a savepoint'));
        await run(inner, sql`INSERT INTO religions (name) VALUES (${'After the savepoint\u2019s last'})`);
      }),
    );
    expect(
      await rows(
        db,
        sql`SELECT name FROM religions WHERE name IN ('Not the last', 'After it', 'In a savepoint', 'After the savepoint\u2019s last') ORDER BY name`,
      ),
    ).toEqual([{ name: 'After the savepoint\u2019s last' }, { name: 'In a savepoint' }]);
  });

  it('runs a transaction\u2019s statements issued together in one go and keeps each answer with its statement', async () => {
    const answers = await transaction(db, (tx) =>
      Promise.all([
        row(tx, sql`SELECT 1 AS n`),
        row(tx, sql`SELECT ${2}::integer AS n`),
        rows(tx, sql`SELECT code FROM departments WHERE id = 100`),
      ]),
    );
    expect(answers).toEqual([{ n: 1 }, { n: 2 }, [{ code: 'UG' }]]);
    await expect(
      transaction(db, (tx) => Promise.all([row(tx, sql`SELECT 1 / 0 AS n`), row(tx, sql`SELECT 1 AS n`)])),
    ).rejects.toMatchObject({ code: '22012' });
    expect(await row(db, sql`SELECT 1 AS n`)).toEqual({ n: 1 });
  });
});
