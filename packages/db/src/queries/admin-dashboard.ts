import { and, asc, between, eq, gt, sql } from 'drizzle-orm';
import type { Reader } from '../client';
import { dailyModeCollections, departments } from '../schema';
import { sponsorCollections } from './reports/sponsor-collections';

/** Every day a sponsor receipt can be dated on. */
const ALL_DAYS = { from: '0000-01-01', to: '9999-12-31' };

/**
 * Per department: everything collected on live receipts and sponsor receipts and how many (net amounts, GST
 * included), read from the running totals (daily_mode_collections, a few rows per day) in one GROUP BY, and the
 * sponsor receipts. Departments without receipts show 0.
 */
export async function departmentCollections(db: Reader) {
  const t = dailyModeCollections;
  const sponsored = await sponsorCollections(db, ALL_DAYS);
  const rows = await db
    .select({
      depId: departments.id,
      name: departments.name,
      shortName: departments.shortName,
      prefix: departments.prefix,
      receiptCount: sql<number>`coalesce(sum(${t.receiptCount}), 0)`.mapWith(Number),
      totalPaise: sql<number>`coalesce(sum(${t.netPaise}), 0)`.mapWith(Number),
    })
    .from(departments)
    .leftJoin(t, eq(t.departmentId, departments.id))
    .groupBy(departments.id)
    .orderBy(asc(departments.id));
  return rows.map((d) => {
    const mine = sponsored.filter((r) => r.depId === d.depId);
    return {
      ...d,
      receiptCount: d.receiptCount + mine.reduce((sum, r) => sum + r.count, 0),
      totalPaise: d.totalPaise + mine.reduce((sum, r) => sum + r.amountPaise, 0),
    };
  });
}

/**
 * Live collections (receipts and sponsor receipts) per day and department between two dates (inclusive); days
 * without either are absent.
 */
export async function dailyCollections(db: Reader, params: { from: string; to: string }) {
  const t = dailyModeCollections;
  const received = await db
    .select({
      date: t.date,
      depId: t.departmentId,
      totalPaise: sql<number>`sum(${t.netPaise})`.mapWith(Number),
    })
    .from(departments)
    .innerJoin(t, and(eq(t.departmentId, departments.id), between(t.date, params.from, params.to)))
    .groupBy(t.date, t.departmentId)
    .having(gt(sql`sum(${t.receiptCount})`, 0))
    .orderBy(asc(t.date), asc(t.departmentId));
  const days = new Map(received.map((r) => [`${r.date}|${r.depId}`, { ...r }]));
  for (const r of await sponsorCollections(db, params)) {
    const key = `${r.date}|${r.depId}`;
    const day = days.get(key) ?? { date: r.date, depId: r.depId, totalPaise: 0 };
    day.totalPaise += r.amountPaise;
    days.set(key, day);
  }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.depId - b.depId));
}
