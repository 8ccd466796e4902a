import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { courses, departments, feeHeads, letterheads, receiptNumberSequence, settings } from './schema';
import { seedReferenceData } from './seed';

describe('openDatabase', () => {
  it('applies the migrations and seeds the reference data, idempotently', () => {
    const db = openDatabase(':memory:');
    seedReferenceData(db);
    expect(db.select({ n: count() }).from(departments).get()?.n).toBe(6);
    expect(db.select({ n: count() }).from(courses).get()?.n).toBe(26);
    expect(db.select({ n: count() }).from(letterheads).get()?.n).toBe(6);
    expect(db.select().from(settings).all()).toEqual([{ id: 1, gstRateBasisPoints: 0, backdateLimitDays: 62, staffMayCloseDay: 0 }]);
    expect(db.select().from(receiptNumberSequence).all()).toEqual([{ id: 1, lastNumber: 0 }]);
    expect(db.select({ n: count() }).from(feeHeads).get()?.n).toBeGreaterThan(5);
  });

  it('turns foreign keys on and refuses orphans', () => {
    const db = openDatabase(':memory:');
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(() => db.insert(courses).values({ id: 9999, departmentId: 999, name: 'x' }).run()).toThrow(/FOREIGN KEY/);
  });

  it('opens a file in WAL mode with synchronous=FULL', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const db = openDatabase(`${mkdtempSync(`${tmpdir()}/fees-db-`)}/f.sqlite`);
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.$client.pragma('synchronous', { simple: true })).toBe(2);
    db.$client.close();
  });
});
