import { and, asc, between, eq, gt, sql } from 'drizzle-orm';
import type { Reader } from '../client';
import { dailyModeCollections, departments } from '../schema';

/**
 * Per department: everything collected on live receipts and how many (net amounts, GST included), read
 * from the running totals (daily_mode_collections, a few rows per day) in one GROUP BY. Departments
 * without receipts show 0.
 */
export async function departmentCollections(db: Reader) {
  const t = dailyModeCollections;
  return await db
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
}

/** Live collections per day and department between two dates (inclusive); days without receipts are absent. */
export async function dailyCollections(db: Reader, params: { from: string; to: string }) {
  const t = dailyModeCollections;
  return await db
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
}
