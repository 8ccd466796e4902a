import { and, asc, between, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { departments, receipts } from '../schema';

/**
 * Per department: everything collected on live receipts, today's and this month's part, in one
 * GROUP BY over receipts (net amounts, GST included). Departments without receipts show 0.
 * today is yyyy-MM-dd in the foundation's time zone; the month is today's.
 */
export function departmentCollections(db: DbOrTx, params: { today: string }) {
  const month = params.today.slice(0, 7);
  return db
    .select({
      depId: departments.id,
      name: departments.name,
      shortName: departments.shortName,
      prefix: departments.prefix,
      receiptCount: count(receipts.id),
      totalPaise: sql<number>`coalesce(sum(${receipts.netPaise}), 0)`.mapWith(Number),
      todayPaise: sql<number>`coalesce(sum(case when ${receipts.date} = ${params.today} then ${receipts.netPaise} end), 0)`.mapWith(
        Number,
      ),
      monthPaise: sql<number>`coalesce(sum(case when substr(${receipts.date}, 1, 7) = ${month} then ${receipts.netPaise} end), 0)`.mapWith(
        Number,
      ),
    })
    .from(departments)
    .leftJoin(receipts, and(eq(receipts.departmentId, departments.id), eq(receipts.status, 'live')))
    .groupBy(departments.id)
    .orderBy(asc(departments.id))
    .all();
}

/** Live collections per day and department between two dates (inclusive); days without receipts are absent. */
export function dailyCollections(db: DbOrTx, params: { from: string; to: string }) {
  return db
    .select({
      date: receipts.date,
      depId: receipts.departmentId,
      totalPaise: sql<number>`sum(${receipts.netPaise})`.mapWith(Number),
    })
    .from(receipts)
    .where(and(eq(receipts.status, 'live'), between(receipts.date, params.from, params.to)))
    .groupBy(receipts.date, receipts.departmentId)
    .orderBy(asc(receipts.date), asc(receipts.departmentId))
    .all();
}
