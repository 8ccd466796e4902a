import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { CATEGORIES, COURSES, DEFAULT_FEE_HEADS, DEPARTMENTS, LATE_FEE_HEAD, PREVIOUS_DUES_HEAD, RELIGIONS } from '@fees/validation';
import {
  categories,
  courses,
  departments,
  feeHeads,
  letterheads,
  receiptNumberSequence,
  religions,
  settings,
} from './schema';

/**
 * Seeds the reference data. Idempotent: fixed rows are upserted by id (names follow the code),
 * lookup lists and per-installation rows (settings, letterheads, the receipt sequence) are only
 * inserted when missing, so an administrator's edits survive restarts.
 */
export function seedReferenceData(db: Database): void {
  db.transaction((tx) => {
    for (const d of DEPARTMENTS) {
      const row = { id: d.id, name: d.name, prefix: d.prefix, code: d.code, shortName: d.shortName };
      tx.insert(departments).values(row).onConflictDoUpdate({ target: departments.id, set: row }).run();
      tx.insert(letterheads)
        .values({ departmentId: d.id, institutionName: d.letterhead })
        .onConflictDoNothing()
        .run();
    }
    for (const c of COURSES) {
      tx.insert(courses).values(c).onConflictDoUpdate({ target: courses.id, set: c }).run();
    }
    for (const name of CATEGORIES) tx.insert(categories).values({ name }).onConflictDoNothing().run();
    for (const name of RELIGIONS) tx.insert(religions).values({ name }).onConflictDoNothing().run();
    const headCount = tx.get<{ n: number }>(sql`select count(*) as n from ${feeHeads}`);
    if (!headCount || headCount.n === 0) {
      for (const name of DEFAULT_FEE_HEADS) tx.insert(feeHeads).values({ name }).run();
    }
    tx.insert(feeHeads).values({ name: LATE_FEE_HEAD }).onConflictDoNothing().run();
    tx.insert(feeHeads).values({ name: PREVIOUS_DUES_HEAD }).onConflictDoNothing().run();
    // Only the id: every setting takes its column default, so a database on older migrations seeds too.
    tx.run(sql`INSERT INTO ${settings} (id) VALUES (1) ON CONFLICT DO NOTHING`);
    tx.insert(receiptNumberSequence).values({ id: 1, lastNumber: 0 }).onConflictDoNothing().run();
  });
}
