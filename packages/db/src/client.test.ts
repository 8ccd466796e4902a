import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, prepareDatabase } from './client';
import { isForeignKeyViolation } from './errors';
import { courses, departments, feeHeads, letterheads, receiptNumberSequence, settings } from './schema';
import { onPostgres, temporaryFolder } from './test/database';

// SQLite's file: migrations through its driver, pragmas, WAL.
describe.skipIf(onPostgres)('openDatabase', () => {
  it('applies the migrations and seeds the reference data, idempotently', async () => {
    const db = openDatabase(':memory:');
    prepareDatabase(db);
    expect((await db.select({ n: count() }).from(departments).limit(1))[0]?.n).toBe(6);
    expect((await db.select({ n: count() }).from(courses).limit(1))[0]?.n).toBe(26);
    expect((await db.select({ n: count() }).from(letterheads).limit(1))[0]?.n).toBe(6);
    expect(await db.select().from(settings)).toEqual([
      {
        id: 1,
        gstRateBasisPoints: 0,
        backdateLimitDays: 62,
        staffMayCloseDay: 0,
        quietHoursStart: '09:00',
        quietHoursEnd: '20:00',
        summaryRecipients: '',
        summaryTime: '07:00',
        sendRatePerSecond: 20,
        emailPricePaise: 0,
        smsPricePaise: 0,
        whatsappPricePaise: 0,
      },
    ]);
    expect(await db.select().from(receiptNumberSequence)).toEqual([{ id: 1, lastNumber: 0 }]);
    expect((await db.select({ n: count() }).from(feeHeads).limit(1))[0]?.n).toBeGreaterThan(5);
  });

  it('turns foreign keys on and refuses orphans', async () => {
    const db = openDatabase(':memory:');
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
    const refused = await db
      .insert(courses)
      .values({ id: 9999, departmentId: 999, name: 'x' })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isForeignKeyViolation(refused)).toBe(true);
  });

  it('opens a file in WAL mode with synchronous=FULL', async () => {
    const db = openDatabase(`${temporaryFolder('fees-db-')}/f.sqlite`);
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.$client.pragma('synchronous', { simple: true })).toBe(2);
    db.$client.close();
  });
});
