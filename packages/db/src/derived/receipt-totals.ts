/**
 * The receipts' running totals (schema/receipts.ts: student_head_paid, daily_head_collections,
 * daily_mode_collections from migration 0002_receipt_totals, kept from the receipts' payment parts since
 * 0024_receipt_payments; course_batch_receipts from 0003_student_course_totals, whose student_paid went
 * into student_money, see student-money.ts). Triggers on receipts, receipt_lines and receipt_payments keep
 * them in the transaction of every write, whoever writes (student_payments, the live lines in receipt order
 * per student, from 0014_student_payments, and student_payment_texts, those lines as one JSON array per
 * student, from 0015_student_payment_texts and 0025_student_payment_texts_json, likewise). These statements
 * recompute them from the live receipts: each migration runs the same INSERTs as its backfill
 * (receipt-totals.test.ts checks they stay identical), and a bulk loader that dropped the triggers calls
 * `rebuildReceiptTotals` after its load.
 */
import { sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { engineSql, rows, run } from '../engines';

/** Fills the empty totals tables from receipts and receipt_lines (the migration's backfill). */
export const RECEIPT_TOTALS_BACKFILL: readonly string[] = [
  `INSERT INTO student_head_paid (student_id, fee_head_id, paid_paise)
SELECT rl.student_id, rl.fee_head_id, SUM(rl.amount_paise)
FROM receipt_lines rl JOIN receipts r ON r.id = rl.receipt_id
WHERE r.status = 'live'
GROUP BY rl.student_id, rl.fee_head_id;`,
  `INSERT INTO daily_head_collections (department_id, date, fee_head_id, amount_paise)
SELECT r.department_id, r.date, rl.fee_head_id, SUM(rl.amount_paise)
FROM receipts r JOIN receipt_lines rl ON rl.receipt_id = r.id
WHERE r.status = 'live'
GROUP BY r.department_id, r.date, rl.fee_head_id;`,
];

/**
 * Fills the empty daily_mode_collections from the parts of live receipts (migration 0024's backfill, after
 * it gave every receipt before it one part): a receipt counts once under its first part's mode and once
 * per part in part_count.
 */
export const DAILY_MODE_COLLECTIONS_BACKFILL = `INSERT INTO daily_mode_collections
  (department_id, date, payment_mode, receipt_count, part_count, total_paise, tax_paise, net_paise)
SELECT r.department_id, r.date, p.payment_mode, SUM(CASE WHEN p.part_no = 1 THEN 1 ELSE 0 END), COUNT(*),
  SUM(p.amount_paise - p.tax_paise), SUM(p.tax_paise), SUM(p.amount_paise)
FROM receipts r JOIN receipt_payments p ON p.receipt_id = r.id
WHERE r.status = 'live'
GROUP BY r.department_id, r.date, p.payment_mode;`;

/** Fills the empty course_batch_receipts (live receipts per course and batch); migration 0003's backfill. */
export const STUDENT_COURSE_TOTALS_BACKFILL: readonly string[] = [
  `INSERT INTO course_batch_receipts (course_id, batch_id, receipt_count, net_paise)
SELECT course_id, batch_id, COUNT(*), SUM(net_paise)
FROM receipts
WHERE status = 'live'
GROUP BY course_id, batch_id;`,
];

/** Fills the empty student_payments from the lines of live receipts; migration 0014's backfill. */
export const STUDENT_PAYMENTS_BACKFILL = `INSERT INTO student_payments
  (student_id, date, number, line_id, fee_head_id, amount_paise)
SELECT rl.student_id, r.date, r.number, rl.id, rl.fee_head_id, rl.amount_paise
FROM receipt_lines rl JOIN receipts r ON r.id = rl.receipt_id
WHERE r.status = 'live'
ORDER BY rl.student_id, r.date, r.number, rl.id;`;

/**
 * A student's lines as student_payment_texts keeps them, for the student of `p` (a student_payments row):
 * a JSON array of numbers, [day, feeHeadId, amountPaise, ...] in receipt order, with `days` the engine's
 * days since 1970-01-01 of a date column (EngineSql.daysSince1970).
 */
function studentLinesArray(days: (column: string) => string): string {
  const line = `${days('date')} || ',' || fee_head_id || ',' || amount_paise`;
  return `(SELECT '[' || string_agg(${line}, ',' ORDER BY date, number, line_id) || ']'
  FROM student_payments WHERE student_id = p.student_id)`;
}

/** p = each student's last student_payments row (the array's last_* columns). */
const LAST_STUDENT_PAYMENT = `FROM student_payments p
WHERE NOT EXISTS (
  SELECT 1 FROM student_payments n
  WHERE n.student_id = p.student_id AND (n.date, n.number, n.line_id) > (p.date, p.number, p.line_id)
)`;

/**
 * Fills the empty student_payment_texts from student_payments, with the engine's day expression
 * (the backfill of SQLite's migration 0024 and PostgreSQL's 0018, which made the lines JSON arrays).
 */
export function studentPaymentTextsBackfill(days: (column: string) => string): string {
  return `INSERT INTO student_payment_texts (student_id, lines, last_date, last_number, last_line_id)
SELECT p.student_id, ${studentLinesArray(days)}, p.date, p.number, p.line_id
${LAST_STUDENT_PAYMENT};`;
}

const TOTALS_TABLES = [
  'student_head_paid',
  'daily_head_collections',
  'daily_mode_collections',
  'course_batch_receipts',
  'student_payments',
] as const;

/**
 * Empties the totals tables and fills them again from the live receipts; call inside a transaction.
 * student_payment_texts is emptied after student_payments is filled, as the triggers of the table
 * filled first write to it. student_money is rebuilt apart (rebuildStudentMoney).
 */
export async function rebuildReceiptTotals(db: WriteTx): Promise<void> {
  for (const table of TOTALS_TABLES) await run(db, sql`DELETE FROM ${sql.identifier(table)}`);
  for (const statement of RECEIPT_TOTALS_BACKFILL) await run(db, sql.raw(statement));
  await run(db, sql.raw(DAILY_MODE_COLLECTIONS_BACKFILL));
  for (const statement of STUDENT_COURSE_TOTALS_BACKFILL) await run(db, sql.raw(statement));
  await run(db, sql.raw(STUDENT_PAYMENTS_BACKFILL));
  await run(db, sql`DELETE FROM student_payment_texts`);
  await run(db, sql.raw(studentPaymentTextsBackfill(engineSql(db).daysSince1970)));
}

/**
 * The rows where a totals table and a fresh recomputation from the receipts disagree (none when
 * they agree): each differing row once with its stored value, once with the expected one. Rows
 * that fell to zero after voids and edits count as absent.
 */
export async function receiptTotalsDrift(
  db: Reader,
): Promise<Array<{ table: string; key: string; stored: string | null; expected: string | null }>> {
  const linesArray = studentLinesArray(engineSql(db).daysSince1970);
  const checks: Array<{ table: string; key: string; value: string; fresh: string }> = [
    {
      table: 'student_head_paid',
      key: `student_id || '/' || fee_head_id`,
      value: 'paid_paise',
      fresh: `SELECT rl.student_id || '/' || rl.fee_head_id AS k, CAST(SUM(rl.amount_paise) AS TEXT) AS v
        FROM receipt_lines rl JOIN receipts r ON r.id = rl.receipt_id
        WHERE r.status = 'live'
        GROUP BY rl.student_id, rl.fee_head_id`,
    },
    {
      table: 'daily_head_collections',
      key: `department_id || '/' || date || '/' || fee_head_id`,
      value: 'amount_paise',
      fresh: `SELECT r.department_id || '/' || r.date || '/' || rl.fee_head_id AS k,
          CAST(SUM(rl.amount_paise) AS TEXT) AS v
        FROM receipts r JOIN receipt_lines rl ON rl.receipt_id = r.id
        WHERE r.status = 'live'
        GROUP BY r.department_id, r.date, rl.fee_head_id`,
    },
    {
      table: 'daily_mode_collections',
      key: `department_id || '/' || date || '/' || payment_mode`,
      value: `receipt_count || '/' || part_count || '/' || total_paise || '/' || tax_paise || '/' || net_paise`,
      fresh: `SELECT r.department_id || '/' || r.date || '/' || p.payment_mode AS k,
          SUM(CASE WHEN p.part_no = 1 THEN 1 ELSE 0 END) || '/' || COUNT(*) || '/' || SUM(p.amount_paise - p.tax_paise)
            || '/' || SUM(p.tax_paise) || '/' || SUM(p.amount_paise) AS v
        FROM receipts r JOIN receipt_payments p ON p.receipt_id = r.id WHERE r.status = 'live'
        GROUP BY r.department_id, r.date, p.payment_mode`,
    },
    {
      table: 'course_batch_receipts',
      key: `course_id || '/' || batch_id`,
      value: `receipt_count || '/' || net_paise`,
      fresh: `SELECT course_id || '/' || batch_id AS k, COUNT(*) || '/' || SUM(net_paise) AS v
        FROM receipts WHERE status = 'live' GROUP BY course_id, batch_id`,
    },
    {
      table: 'student_payments',
      key: `student_id || '/' || line_id`,
      value: `date || '/' || number || '/' || fee_head_id || '/' || amount_paise`,
      fresh: `SELECT rl.student_id || '/' || rl.id AS k,
          r.date || '/' || r.number || '/' || rl.fee_head_id || '/' || rl.amount_paise AS v
        FROM receipt_lines rl JOIN receipts r ON r.id = rl.receipt_id WHERE r.status = 'live'`,
    },
    {
      table: 'student_payment_texts',
      key: 'student_id',
      value: `lines || '/' || last_date || '/' || last_number || '/' || last_line_id`,
      fresh: `SELECT p.student_id AS k, ${linesArray} || '/' || p.date || '/' || p.number || '/' || p.line_id AS v
        ${LAST_STUDENT_PAYMENT}`,
    },
  ];
  const zero = `v IN ('0', '0/0', '0/0/0/0', '0/0/0/0/0')`;
  const drift: Array<{ table: string; key: string; stored: string | null; expected: string | null }> = [];
  for (const { table, key, value, fresh } of checks) {
    const found = await rows<{ table: string; key: string; stored: string | null; expected: string | null }>(
      db,
      sql.raw(`WITH stored AS (SELECT ${key} AS k, CAST(${value} AS TEXT) AS v FROM ${table}),
            fresh AS (${fresh}),
            s AS (SELECT * FROM stored WHERE NOT (${zero})),
            f AS (SELECT * FROM fresh WHERE NOT (${zero}))
       SELECT '${table}' AS "table", k AS key, v AS stored, NULL AS expected
       FROM (SELECT k, v FROM s EXCEPT SELECT k, v FROM f) AS gone
       UNION ALL
       SELECT '${table}', k, NULL, v FROM (SELECT k, v FROM f EXCEPT SELECT k, v FROM s) AS missing
       ORDER BY 2`),
    );
    drift.push(...found);
  }
  return drift;
}
