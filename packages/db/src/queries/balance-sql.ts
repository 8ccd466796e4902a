/**
 * The balance of a fee head, written once for SQL: balance = fee - discount - adjustment - [sponsored -] paid
 * (sponsored: the sponsors' shares less shortfalls, where a query counts them), where fee includes any opening
 * balance on the head and paid is the head's lines on live receipts. Every query that reports or checks a
 * balance builds it here; JavaScript uses `headBalancePaise` from @fees/money.
 */
import { type SQL, sql } from 'drizzle-orm';

/**
 * The four amounts as SQL text of the query itself (columns, sums), never a value a user typed; a term
 * that carries a value is an sql`...` template binding it.
 */
export interface BalanceTerms<T extends string | SQL = string> {
  fee: T;
  discount: T;
  adjustment: T;
  paid: T;
  /** The sponsors' shares less shortfalls (@fees/money sponsors.ts), owed by the sponsor and not the student. */
  sponsored?: T;
}

/**
 * The balance as an SQL expression; each term is parenthesized, so a term may be a sum. Text in, text
 * out; a template among the terms makes the whole a template.
 */
export function balanceSql(terms: BalanceTerms): string;
export function balanceSql(terms: BalanceTerms<string | SQL>): SQL;
export function balanceSql(terms: BalanceTerms<string | SQL>): string | SQL {
  const { fee, discount, adjustment, paid, sponsored = '0' } = terms;
  if (
    typeof fee === 'string' &&
    typeof discount === 'string' &&
    typeof adjustment === 'string' &&
    typeof paid === 'string' &&
    typeof sponsored === 'string'
  )
    return sponsored === '0'
      ? `(${fee}) - (${discount}) - (${adjustment}) - (${paid})`
      : `(${fee}) - (${discount}) - (${adjustment}) - (${sponsored}) - (${paid})`;
  const term = (t: string | SQL) => (typeof t === 'string' ? sql.raw(t) : t);
  return sql`(${term(fee)}) - (${term(discount)}) - (${term(adjustment)}) - (${term(sponsored)}) - (${term(paid)})`;
}

/**
 * The balance over columns named feePaise, discountPaise, adjustmentPaise and paidPaise (of `alias` when given), and
 * sponsoredPaise when `sponsored`.
 */
export function balanceOfColumns(alias?: string, options: { sponsored?: boolean } = {}): string {
  const of = alias === undefined ? '' : `${alias}.`;
  return balanceSql({
    fee: `${of}"feePaise"`,
    discount: `${of}"discountPaise"`,
    adjustment: `${of}"adjustmentPaise"`,
    paid: `${of}"paidPaise"`,
    sponsored: options.sponsored ? `${of}"sponsoredPaise"` : '0',
  });
}

/** The sponsors' shares less shortfalls of one student on one head (SQL text of the query's own aliases). */
export function sponsoredHeadSql(student: string, head: string): string {
  return `(SELECT COALESCE(SUM(sp.amount_paise - sp.shortfall_paise), 0) FROM sponsorships sp
    WHERE sp.student_id = ${student} AND sp.fee_head_id = ${head})`;
}

/**
 * A student's advance as an SQL expression over their credit, applied and refunded totals (columns
 * of student_money): the SQL form of `advanceFromCreditPaise` in @fees/money advance.ts, for the
 * reports that sum it over a course.
 */
export function advanceSql(terms: { credit: string; applied: string; refunded: string }): string {
  const left = `(${terms.credit}) - (${terms.applied}) - (${terms.refunded})`;
  return `CASE WHEN ${left} > 0 THEN ${left} ELSE 0 END`;
}

/**
 * Per student with a sponsor's share (among the students `studentsWhere` selects, a condition on students os), the
 * shares less shortfalls: rows (student_id, "sponsoredPaise"). It reads the shares and their students only.
 */
export function sponsoredOfStudentsSql(studentsWhere: SQL): SQL {
  return sql`SELECT sp.student_id, CAST(SUM(sp.amount_paise - sp.shortfall_paise) AS BIGINT) AS "sponsoredPaise"
    FROM sponsorships sp JOIN students os ON os.id = sp.student_id
    WHERE ${studentsWhere}
    GROUP BY sp.student_id`;
}
