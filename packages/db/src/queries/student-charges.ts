import { CHEQUE_BOUNCE_HEAD } from '@fees/validation';
import { type SQL, sql } from 'drizzle-orm';
import { textLiteral } from '../engines';
import { structureFeeSql } from './optional-fee-sql';

/**
 * What a student owes beyond their batch's fee structure, per student and fee head: opening balances brought
 * from the old books, the fee structures of the batches they were promoted out of (promotedOutOfSql) and the
 * bank charges of their bounced cheques (on the "Cheque bounce charge" head). Columns: student_id, fee_head_id,
 * amount_paise (both kinds), opening_paise (the opening balance alone) and first_opening_id (the head's opening
 * balance row, null for a head charged only by bounces). On a structure head the amount adds to the head's fee;
 * a head outside the structure is a head of its own. `students` selects the students (an SQL expression of
 * student ids, e.g. a CTE's ids), so each part reads its rows by the student index. The head's name is part of
 * the text, not a parameter (see balances.ts). The dues allocation reads the same two tables with their dates
 * (queries/dues.ts).
 */
export function studentCharges(students: SQL): SQL {
  return sql.join(
    studentChargesSql(STUDENTS)
      .split(STUDENTS)
      .map((part) => sql.raw(part)),
    students,
  );
}

/** Where studentCharges puts its students: a mark no SQL text holds. */
const STUDENTS = '\u0000students\u0000';

/** The same as plain SQL text, `students` being SQL text too (the triggers' NEW.student_id, a subquery). */
export function studentChargesSql(students: string): string {
  return `SELECT x.student_id, x.fee_head_id, SUM(x.amount_paise) AS amount_paise,
      SUM(x.opening_paise) AS opening_paise, MIN(x.opening_id) AS first_opening_id
    FROM (
      SELECT ob.student_id, ob.fee_head_id, ob.amount_paise, ob.amount_paise AS opening_paise, ob.id AS opening_id
      FROM opening_balances ob WHERE ob.student_id IN (${students})
      UNION ALL
      SELECT p.student_id, p.fee_head_id, p.amount_paise, 0, NULL FROM (${promotedOutOfSql(students)}) p
      UNION ALL
      SELECT c.student_id, fh.id, c.bounce_charge_paise, 0, NULL
      FROM cheques c JOIN fee_heads fh ON fh.name = ${textLiteral(CHEQUE_BOUNCE_HEAD)}
      WHERE c.student_id IN (${students}) AND c.status = 'bounced' AND c.bounce_charge_paise > 0
    ) x
    GROUP BY x.student_id, x.fee_head_id`;
}

/**
 * The fee structures of the batches the students were promoted out of: student_id, fee_head_id, amount_paise.
 * A year's fees stay owed where they were charged: on a head the current batch also has, they add to its fee
 * (paid on the head settles them with this year's), and a head of last year alone is a head of its own, as an
 * opening balance is.
 */
function promotedOutOfSql(students: string): string {
  return `SELECT e.student_id, fs.fee_head_id, ${structureFeeSql('fs', 'e.student_id')} AS amount_paise
      FROM enrolments e JOIN fee_structures fs ON fs.batch_id = e.batch_id
      WHERE e.student_id IN (${students}) AND e.status = 'promoted' AND ${takenSql('fs', 'e.student_id')}`;
}

/**
 * The same fees one row per batch the student was promoted out of and head, oldest enrolment first: enrolment_id,
 * batch_id, fee_head_id, fee_head, amount_paise (a past enrolment's own balances split the head's figures by them).
 */
export function promotedFeesByEnrolmentSql(student: string): string {
  return `SELECT e.id AS "enrolmentId", e.batch_id AS "batchId", fs.fee_head_id AS "feeHeadId", fh.name AS "feeHead",
        ${structureFeeSql('fs', 'e.student_id')} AS "feePaise"
      FROM enrolments e JOIN fee_structures fs ON fs.batch_id = e.batch_id JOIN fee_heads fh ON fh.id = fs.fee_head_id
      WHERE e.student_id = ${student} AND e.status = 'promoted' AND ${takenSql('fs', 'e.student_id')}
      ORDER BY e.from_date, e.id, fs.id`;
}

/** A structure row `fs` counts for a student when it is compulsory or they were ever opted into its head. */
function takenSql(fs: string, student: string): string {
  return `(${fs}.optional = 0 OR EXISTS (SELECT 1 FROM optional_head_opt_ins o
      WHERE o.student_id = ${student} AND o.fee_head_id = ${fs}.fee_head_id))`;
}

/**
 * What adds to a student's fee on a head beside their batch's structure, per student and head: their
 * opening balance and the structures of the batches they were promoted out of (the bounce charges
 * aside: their head is charged by its own rule). Columns student_id, fee_head_id, amount_paise and id
 * (the opening balance's row, 0 for a head carried by enrolments alone). The places that read an opening
 * balance on a head read this in its stead.
 */
export function carriedSql(students: string): string {
  return `SELECT c.student_id, c.fee_head_id, SUM(c.amount_paise) AS amount_paise, COALESCE(MIN(c.id), 0) AS id
    FROM (
      SELECT ob.student_id, ob.fee_head_id, ob.amount_paise, ob.id
      FROM opening_balances ob WHERE ob.student_id IN (${students})
      UNION ALL
      SELECT p.student_id, p.fee_head_id, p.amount_paise, NULL FROM (${promotedOutOfSql(students)}) p
    ) c
    GROUP BY c.student_id, c.fee_head_id`;
}

/** carriedSql with its students as a template (a bound id, a column): see studentCharges. */
export function carried(students: SQL): SQL {
  return sql.join(
    carriedSql(STUDENTS)
      .split(STUDENTS)
      .map((part) => sql.raw(part)),
    students,
  );
}

/**
 * What the batches one student was promoted out of charge on one head, as a scalar SQL expression (0 when none),
 * `student` and `head` being SQL text (columns, NEW.student_id): found by the student's ended enrolments and the
 * (batch, head) key of fee_structures, for texts that read one (student, head) row at a time.
 */
export function promotedOnSql(student: string, head: string): string {
  return `(SELECT COALESCE(SUM(${structureFeeSql('pfs', student)}), 0) FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = ${head}
      WHERE pe.student_id = ${student} AND pe.status = 'promoted')`;
}

/**
 * Whether a batch the student was promoted out of has the head in its structure, compulsory or opted into (see
 * promotedOnSql).
 */
export function promotedHasSql(student: string, head: string): string {
  return `EXISTS (SELECT 1 FROM enrolments pe
      JOIN fee_structures pfs ON pfs.batch_id = pe.batch_id AND pfs.fee_head_id = ${head}
      WHERE pe.student_id = ${student} AND pe.status = 'promoted' AND ${takenSql('pfs', student)})`;
}

const HEAD = '\u0000head\u0000';

/** promotedOnSql as a template: the student and the head may be bound values or columns. */
export function promotedOn(student: SQL, head: SQL): SQL {
  const withHead = (text: string) =>
    sql.join(
      text.split(HEAD).map((part) => sql.raw(part)),
      head,
    );
  return sql.join(promotedOnSql(STUDENTS, HEAD).split(STUDENTS).map(withHead), student);
}
