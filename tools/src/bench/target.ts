/** What the bench aims at: the largest department and course, their students, a month of receipts. */
import { balanceSql } from '@fees/db';
import type Sqlite from 'better-sqlite3';
import { DEPARTMENTS } from '@fees/validation';
import { addDays, addMonths } from '@fees/money';

export interface BenchTarget {
  depId: number;
  prefix: string;
  depReceipts: number;
  courseId: number;
  courseName: string;
  courseStudents: number;
  courseReceipts: number;
  /** The course's batch with the most live receipts (a report screen after choosing a batch). */
  batchId: number;
  /** The course's student with the most receipts (the heaviest statement). */
  statementStudentId: number;
  /**
   * Students of the department's current batches with the heads on which they still owe at least
   * Rs 2,000: the bench pays Rs 10-11 a line, so no payment needs the overpayment confirmation.
   */
  payers: Array<{ studentId: number; feeHeadIds: number[] }>;
  /** The last whole month with receipts. */
  month: { from: string; to: string };
  /** The current academic year so far. */
  year: { from: string; to: string };
  /** A surname common in the data, for the receipt search. */
  searchText: string;
}

const MINIMUM_BALANCE_PAISE = 2_000_00;

export function chooseTarget(sqlite: Sqlite.Database, today: string): BenchTarget {
  const dep = sqlite
    .prepare(
      "select department_id as id, count(*) as n from receipts where status = 'live' " +
        'group by department_id order by n desc limit 1',
    )
    .get() as { id: number; n: number };
  const course = sqlite
    .prepare(
      `select s.course_id as id, c.name as name, count(*) as n,
         (select count(*) from receipts r where r.course_id = s.course_id and r.status = 'live') as receipts
       from students s join courses c on c.id = s.course_id where s.department_id = ?
       group by s.course_id order by n desc limit 1`,
    )
    .get(dep.id) as { id: number; name: string; n: number; receipts: number };
  const batch = sqlite
    .prepare(
      "select batch_id as id from receipts where course_id = ? and status = 'live' " +
        'group by batch_id order by count(*) desc limit 1',
    )
    .get(course.id) as { id: number };
  const statement = sqlite
    .prepare(
      'select student_id as id from receipts where course_id = ? group by student_id order by count(*) desc limit 1',
    )
    .get(course.id) as { id: number };
  const payable = balanceSql({
    fee: 'fs.amount_paise',
    discount: 'COALESCE(d.discount_paise, 0)',
    adjustment: 'COALESCE(d.adjustment_paise, 0)',
    paid: 'COALESCE(p.paise, 0)',
  });
  const payers = (
    sqlite
      .prepare(
        `WITH current AS (
           SELECT s.id, s.batch_id FROM students s JOIN batches b ON b.id = s.batch_id
           WHERE s.department_id = @depId AND b.start_date <= @today AND b.end_date >= @today
           ORDER BY s.id LIMIT 2000),
         paid AS (
           SELECT rl.student_id, rl.fee_head_id, SUM(rl.amount_paise) AS paise
           FROM receipt_lines rl JOIN receipts r ON r.id = rl.receipt_id
           WHERE rl.student_id IN (SELECT id FROM current) AND r.status = 'live'
           GROUP BY rl.student_id, rl.fee_head_id)
         SELECT c.id AS studentId, group_concat(fs.fee_head_id) AS heads
         FROM current c
         JOIN fee_structures fs ON fs.batch_id = c.batch_id
         LEFT JOIN discounts d ON d.student_id = c.id AND d.fee_head_id = fs.fee_head_id
         LEFT JOIN paid p ON p.student_id = c.id AND p.fee_head_id = fs.fee_head_id
         WHERE ${payable} >= @minimumBalance
         GROUP BY c.id ORDER BY c.id`,
      )
      .all({ depId: dep.id, today, minimumBalance: MINIMUM_BALANCE_PAISE }) as { studentId: number; heads: string }[]
  ).map((r) => ({ studentId: r.studentId, feeHeadIds: r.heads.split(',').map(Number) }));
  if (payers.length === 0) throw new Error(`no current student of department ${dep.id} owes anything`);
  // Last month, whole: from its first day to the day before this month's first.
  const thisMonth = `${today.slice(0, 7)}-01`;
  const yearStart = Number(today.slice(5, 7)) >= 6 ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
  const surname = sqlite
    .prepare(
      "select substr(name, instr(name, ' ') + 1) as s from students where course_id = ? " +
        'group by s order by count(*) desc limit 1',
    )
    .get(course.id) as { s: string };
  return {
    depId: dep.id,
    prefix: DEPARTMENTS.find((d) => d.id === dep.id)!.prefix,
    depReceipts: dep.n,
    courseId: course.id,
    courseName: course.name,
    courseStudents: course.n,
    courseReceipts: course.receipts,
    batchId: batch.id,
    statementStudentId: statement.id,
    payers,
    month: { from: addMonths(thisMonth, -1), to: addDays(thisMonth, -1) },
    year: { from: `${yearStart}-06-01`, to: today },
    searchText: surname.s,
  };
}
