/** What the bench aims at: the largest department and course, their students, a month of receipts. */
import type Sqlite from 'better-sqlite3';
import { DEPARTMENTS } from '@fees/validation';

export interface BenchTarget {
  depId: number;
  prefix: string;
  depReceipts: number;
  courseId: number;
  courseName: string;
  courseStudents: number;
  courseReceipts: number;
  /** The course's student with the most receipts (the heaviest statement). */
  statementStudentId: number;
  /** Students of the department's current batches, with the fee heads of their batch. */
  payers: Array<{ studentId: number; feeHeadIds: number[] }>;
  /** The last whole month with receipts. */
  month: { from: string; to: string };
  /** The current academic year so far. */
  year: { from: string; to: string };
  /** A surname common in the data, for the receipt search. */
  searchText: string;
}

export function chooseTarget(sqlite: Sqlite.Database, today: string): BenchTarget {
  const dep = sqlite
    .prepare("select department_id as id, count(*) as n from receipts where status = 'live' group by department_id order by n desc limit 1")
    .get() as { id: number; n: number };
  const course = sqlite
    .prepare(
      `select s.course_id as id, c.name as name, count(*) as n,
         (select count(*) from receipts r where r.course_id = s.course_id and r.status = 'live') as receipts
       from students s join courses c on c.id = s.course_id where s.department_id = ?
       group by s.course_id order by n desc limit 1`,
    )
    .get(dep.id) as { id: number; name: string; n: number; receipts: number };
  const statement = sqlite
    .prepare('select student_id as id from receipts where course_id = ? group by student_id order by count(*) desc limit 1')
    .get(course.id) as { id: number };
  const maxEnd = (sqlite.prepare('select max(end_date) as d from batches where department_id = ?').get(dep.id) as { d: string }).d;
  const payers = (
    sqlite
      .prepare(
        `select s.id as studentId, group_concat(fs.fee_head_id) as heads
         from students s join batches b on b.id = s.batch_id join fee_structures fs on fs.batch_id = s.batch_id
         where s.department_id = ? and b.end_date >= ? and b.start_date <= ?
         group by s.id order by s.id limit 2000`,
      )
      .all(dep.id, today, maxEnd) as { studentId: number; heads: string }[]
  ).map((r) => ({ studentId: r.studentId, feeHeadIds: r.heads.split(',').map(Number) }));
  if (payers.length === 0) throw new Error(`no current students in department ${dep.id}`);
  const monthStart = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  monthStart.setUTCMonth(monthStart.getUTCMonth() - 1);
  const from = monthStart.toISOString().slice(0, 10);
  const monthEnd = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  monthEnd.setUTCDate(0);
  const yearStart = Number(today.slice(5, 7)) >= 6 ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
  const surname = sqlite
    .prepare("select substr(name, instr(name, ' ') + 1) as s from students where course_id = ? group by s order by count(*) desc limit 1")
    .get(course.id) as { s: string };
  return {
    depId: dep.id,
    prefix: DEPARTMENTS.find((d) => d.id === dep.id)!.prefix,
    depReceipts: dep.n,
    courseId: course.id,
    courseName: course.name,
    courseStudents: course.n,
    courseReceipts: course.receipts,
    statementStudentId: statement.id,
    payers,
    month: { from, to: monthEnd.toISOString().slice(0, 10) },
    year: { from: `${yearStart}-06-01`, to: today },
    searchText: surname.s,
  };
}
