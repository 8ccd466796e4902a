/**
 * What a student owes on an optional head, in SQL: the head's amounts in the instalments due while they were opted in
 * (optional_head_opt_ins), by the rule of `optionalFeePaise` in @fees/money (plans/optional.ts). A batch with a saved
 * plan has its instalments' amounts; a batch without one owes each structure row on its start date (its virtual
 * instalment). A compulsory row's fee stays its amount. Spells of one student and head never share a day, so summing
 * over them counts each instalment once.
 */
import { type SQL, sql } from 'drizzle-orm';

const covers = (o: string, date: string) =>
  `${date} >= ${o}.from_date AND (${o}.to_date IS NULL OR ${date} <= ${o}.to_date)`;

/** What structure row `fs` makes owed in the instalments whose due date `counts` (SQL text over a date). */
function rowFeeSql(fs: string, counts: (date: string) => string): string {
  return `(SELECT COALESCE(SUM(ia.amount_paise), 0)
      FROM instalments i JOIN instalment_amounts ia ON ia.instalment_id = i.id
      WHERE i.batch_id = ${fs}.batch_id AND ia.fee_head_id = ${fs}.fee_head_id AND ${counts('i.due_date')})
    + CASE WHEN ${counts(`${fs}.start_date`)}
        AND NOT EXISTS (SELECT 1 FROM instalment_plans ip WHERE ip.batch_id = ${fs}.batch_id)
      THEN ${fs}.amount_paise ELSE 0 END`;
}

/** What one opt-in spell `o` makes owed on structure row `fs` (SQL text over those aliases). */
function spellFeeSql(fs: string, o: string): string {
  return rowFeeSql(fs, (date) => covers(o, date));
}

/**
 * A student's fee on one structure row `fs` (the student's id as SQL text): its amount, or what the opt-ins
 * make owed.
 */
export function structureFeeSql(fs: string, student: string): string {
  return `CASE WHEN ${fs}.optional = 0 THEN ${fs}.amount_paise ELSE CAST((
      SELECT COALESCE(SUM(${spellFeeSql(fs, 'o')}), 0) FROM optional_head_opt_ins o
      WHERE o.student_id = ${student} AND o.fee_head_id = ${fs}.fee_head_id) AS BIGINT) END`;
}

/**
 * A structure row `fs` of the student's batch is listed on their screens when it is compulsory, when they were ever
 * opted into it, or when something was paid or given off on it (so no money is hidden).
 */
export function structureRowShownSql(fs: string, student: string): string {
  return `(${fs}.optional = 0
    OR EXISTS (SELECT 1 FROM optional_head_opt_ins o
      WHERE o.student_id = ${student} AND o.fee_head_id = ${fs}.fee_head_id)
    OR EXISTS (SELECT 1 FROM student_head_paid p WHERE p.student_id = ${student} AND p.fee_head_id = ${fs}.fee_head_id)
    OR EXISTS (SELECT 1 FROM discounts d WHERE d.student_id = ${student} AND d.fee_head_id = ${fs}.fee_head_id))`;
}

/**
 * Per student with an opt-in (among the students `studentsWhere` selects, a condition on students os), what the
 * optional heads of their batch make owed: rows (student_id, "feePaise"). The compulsory rest is the batch's sum of
 * its rows with optional = 0. It reads the opt-ins and their students only, never a course's every student.
 */
export function optionalFeesSql(studentsWhere: SQL): SQL {
  return sql`SELECT o.student_id, CAST(SUM(${sql.raw(spellFeeSql('fs', 'o'))}) AS BIGINT) AS "feePaise"
    FROM optional_head_opt_ins o
    JOIN students os ON os.id = o.student_id
    JOIN fee_structures fs ON fs.batch_id = os.batch_id AND fs.fee_head_id = o.fee_head_id AND fs.optional = 1
    WHERE ${studentsWhere}
    GROUP BY o.student_id`;
}

/**
 * What a student who left their batch on `le`.to_date (a left enrolment) does not owe of structure row `fs`: the
 * instalments due after that day (for an optional head, those of them due while opted in), by the rule of
 * `instalmentsOwedUntil` in @fees/money (plans/enrolments.ts). What fell due on or before the day stays owed.
 */
function notOwedRowSql(fs: string, le: string): string {
  const after = (date: string) => `${date} > ${le}.to_date`;
  return `CASE WHEN ${fs}.optional = 0 THEN ${rowFeeSql(fs, after)} ELSE (
      SELECT COALESCE(SUM(${rowFeeSql(fs, (date) => `${covers('lo', date)} AND ${after(date)}`)}), 0)
      FROM optional_head_opt_ins lo WHERE lo.student_id = ${le}.student_id AND lo.fee_head_id = ${fs}.fee_head_id) END`;
}

/**
 * What a student (SQL text of their id) does not owe of structure row `fs` of their batch because they left it (0 for
 * a student who did not): subtracted from structureFeeSql wherever a fee is owed, never from what student_money keeps.
 */
export function notOwedSql(fs: string, student: string): string {
  return `CAST(COALESCE((SELECT SUM(${notOwedRowSql(fs, 'le')}) FROM enrolments le
      WHERE le.student_id = ${student} AND le.batch_id = ${fs}.batch_id AND le.status = 'left'), 0) AS BIGINT)`;
}

/** A student's fee on one structure row `fs` of their batch as owed: structureFeeSql less notOwedSql. */
export function owedStructureFeeSql(fs: string, student: string): string {
  return `(${structureFeeSql(fs, student)}) - ${notOwedSql(fs, student)}`;
}

/**
 * Per student who left their batch (among the students `studentsWhere` selects, a condition on students os), what
 * they do not owe of its structure: rows (student_id, "notOwedPaise"). It reads the left enrolments only (a partial
 * index), never a course's every student.
 */
export function notOwedOfStudentsSql(studentsWhere: SQL): SQL {
  return sql`SELECT le.student_id, CAST(SUM(${sql.raw(notOwedRowSql('fs', 'le'))}) AS BIGINT) AS "notOwedPaise"
    FROM enrolments le
    JOIN students os ON os.id = le.student_id AND os.batch_id = le.batch_id
    JOIN fee_structures fs ON fs.batch_id = le.batch_id
    WHERE le.status = 'left' AND ${studentsWhere}
    GROUP BY le.student_id`;
}
