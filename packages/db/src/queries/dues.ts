import {
  allocateStudent,
  bounceChargeInstalments,
  type Concession,
  duesAsOfCalculator,
  LATE_FEE_HEAD,
  openingInstalments,
  type Payment,
  type PlanInstalment,
  preparePlan,
  type StudentAllocation,
  type StudentDues,
  studentDuesAsOf,
} from '@fees/validation';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { batches, cheques, courses, discounts, feeHeads, fineWaivers, openingBalances, students } from '../schema';
import { findChequeBounceHeadId } from './cheques';
import { type BatchPlan, loadBatchPlan, loadBatchPlans } from './plans';

/**
 * Dues as of a date: per batch, a few set-based statements (students, discounts, opening balances, bounce
 * charges, the lines of their live receipts with date and number, fine waivers) and the allocation of the plans domain in
 * memory. Never one statement per student. Portable SQL (no engine-only functions).
 */

export interface DuesStudent {
  studentId: number;
  admissionNo: string;
  name: string;
  phone: string | null;
  parentName: string | null;
  batchId: number;
  batchName: string;
  courseId: number;
  courseName: string;
}

/** An opening balance from the old books (an instalment of its own, due on `dueDate`). */
export interface DuesOpening {
  feeHeadId: number;
  feeHead: string;
  amountPaise: number;
  dueDate: string;
}

export interface StudentDuesResult extends DuesStudent {
  allocation: StudentAllocation;
  dues: StudentDues;
  opening: DuesOpening[];
}

export async function findLateFeeHeadId(db: DbOrTx): Promise<number | null> {
  return (await db.select({ id: feeHeads.id }).from(feeHeads).where(eq(feeHeads.name, LATE_FEE_HEAD)).limit(1))[0]?.id ?? null;
}

interface Scope {
  batchId: number;
  /** Only these students of the batch (all when left out). */
  studentIds?: readonly number[];
}

/** The dues of the students of one batch as of a date, with each one's allocation, in admission number order. */
export async function batchDuesAsOf(db: DbOrTx, scope: Scope, asOf: string, plan?: BatchPlan): Promise<StudentDuesResult[]> {
  const batchPlan = plan ?? (await loadBatchPlan(db, scope.batchId));
  const batch = await readBatch(db, scope, await specialHeads(db));
  const prepared = preparePlan({ fineRule: batchPlan.fineRule, instalments: batchPlan.instalments });
  return batch.students.map((s) => {
    const opening = batch.openings.get(s.studentId) ?? [];
    const own = batch.ownInstalmentsOf(s.studentId);
    const allocation = allocateStudent(own ? withOwnInstalments(batchPlan, own) : prepared, {
      concessions: batch.concessions.get(s.studentId) ?? [],
      payments: batch.payments.get(s.studentId) ?? [],
    });
    const dues = studentDuesAsOf(allocation, asOf, batch.settlementsOf(s.studentId));
    return { ...s, allocation, dues, opening };
  });
}

export interface StudentDuesOnly extends DuesStudent {
  dues: StudentDues;
}

/**
 * The students of the batches with their dues as of a date, one batch at a time (in the order given),
 * each batch in admission number order. A batch is read, allocated and handed over before the next
 * is read, and no allocation is kept: a course's report holds one batch's lines at a time.
 */
export async function* duesByBatch(db: DbOrTx, batchIds: readonly number[], asOf: string, studentIds?: readonly number[]): AsyncGenerator<StudentDuesOnly[]> {
  const plans = await loadBatchPlans(db, batchIds);
  const heads = await specialHeads(db);
  for (const batchId of batchIds) {
    const batch = await readBatch(db, { batchId, studentIds }, heads);
    if (batch.students.length === 0) continue;
    const batchPlan = plans.get(batchId)!;
    const duesOf = duesAsOfCalculator(preparePlan({ fineRule: batchPlan.fineRule, instalments: batchPlan.instalments }), asOf);
    yield batch.students.map((s) => {
      const own = batch.ownInstalmentsOf(s.studentId);
      const student = { concessions: batch.concessions.get(s.studentId) ?? [], payments: batch.payments.get(s.studentId) ?? [] };
      const settlements = batch.settlementsOf(s.studentId);
      const dues = own ? duesAsOfCalculator(withOwnInstalments(batchPlan, own), asOf)(student, settlements) : duesOf(student, settlements);
      return { ...s, dues };
    });
  }
}

/** Opening balances and bounce charges are the student's own instalments beside the batch's plan. */
function withOwnInstalments(plan: BatchPlan, own: PlanInstalment[]) {
  return preparePlan({ fineRule: plan.fineRule, instalments: [...plan.instalments, ...own] });
}

/** The heads whose lines are not fee payments (Late fee) or whose charges are due of their own (Cheque bounce charge). */
async function specialHeads(db: DbOrTx) {
  return { lateFee: await findLateFeeHeadId(db), bounce: await findChequeBounceHeadId(db) };
}

type Dated = { date: string; amountPaise: number };

/** The list of `key` in `map`, made empty when missing. */
function listOf<T>(map: Map<number, T[]>, key: number): T[] {
  let list = map.get(key);
  if (list === undefined) {
    list = [];
    map.set(key, list);
  }
  return list;
}

/**
 * What the dues of one batch's students are computed from, in six statements (never one a student):
 * the students, their discounts, the lines of their live receipts, opening balances, bounce charges
 * and fine waivers.
 */
async function readBatch(db: DbOrTx, scope: Scope, heads: { lateFee: number | null; bounce: number | null }) {
  const where = and(eq(students.batchId, scope.batchId), scope.studentIds ? inArray(students.id, [...scope.studentIds]) : undefined);

  const rows: DuesStudent[] = await db
    .select({
      studentId: students.id,
      admissionNo: students.admissionNo,
      name: students.name,
      phone: students.phone,
      parentName: students.parentName,
      batchId: students.batchId,
      batchName: batches.name,
      courseId: students.courseId,
      courseName: courses.name,
    })
    .from(students)
    .innerJoin(batches, eq(batches.id, students.batchId))
    .innerJoin(courses, eq(courses.id, students.courseId))
    .where(where)
    .orderBy(asc(students.admissionNo));

  const concessions = new Map<number, Concession[]>();
  const payments = new Map<number, Payment[]>();
  const lateFees = new Map<number, Dated[]>();
  const openings = new Map<number, DuesOpening[]>();
  const waivers = new Map<number, Dated[]>();
  const bounceCharges = new Map<number, Array<{ feeHeadId: number; amountPaise: number; bouncedOn: string }>>();
  const settlementsOf = (studentId: number) => ({ lateFeePaid: lateFees.get(studentId) ?? [], waived: waivers.get(studentId) ?? [] });
  const ownInstalmentsOf = (studentId: number): PlanInstalment[] | undefined => {
    const opening = openings.get(studentId);
    const charges = bounceCharges.get(studentId);
    if (!opening && !charges) return undefined;
    return [...openingInstalments(opening ?? []), ...bounceChargeInstalments(charges ?? [])];
  };
  const batch = { students: rows, concessions, payments, openings, settlementsOf, ownInstalmentsOf };
  if (rows.length === 0) return batch;

  for (const d of await db
    .select({ studentId: discounts.studentId, feeHeadId: discounts.feeHeadId, discount: discounts.discountPaise, adjustment: discounts.adjustmentPaise })
    .from(discounts)
    .innerJoin(students, eq(students.id, discounts.studentId))
    .where(where)) {
    listOf(concessions, d.studentId).push({ feeHeadId: d.feeHeadId, amountPaise: d.discount + d.adjustment });
  }

  // The largest read (every line of the batch's live receipts), from student_payments: the live lines
  // kept per student in receipt order, so each student's lines are one range of its key, already in
  // the order the allocation takes them. Rows as arrays (the drivers build them far faster than
  // objects); each student's list is looked up once a run of lines.
  const studentFilter = scope.studentIds ? sql` AND student_id IN (${sql.join(scope.studentIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const lines = await db.values<[studentId: number, feeHeadId: number, amountPaise: number, date: string, number: number]>(
    sql`SELECT student_id, fee_head_id, amount_paise, date, number FROM student_payments
        WHERE student_id IN (SELECT id FROM students WHERE batch_id = ${scope.batchId})${studentFilter}
        ORDER BY student_id, date, number, line_id`,
  );
  let current = -1;
  let paymentList: Payment[] = [];
  for (const [studentId, feeHeadId, amountPaise, date, number] of lines) {
    if (feeHeadId === heads.lateFee) {
      listOf(lateFees, studentId).push({ date, amountPaise });
      continue;
    }
    if (studentId !== current) {
      current = studentId;
      paymentList = listOf(payments, current);
    }
    paymentList.push({ receiptDate: date, receiptNumber: number, feeHeadId, amountPaise });
  }

  for (const o of await db
    .select({ studentId: openingBalances.studentId, feeHeadId: openingBalances.feeHeadId, feeHead: feeHeads.name, amountPaise: openingBalances.amountPaise, dueDate: openingBalances.dueDate })
    .from(openingBalances)
    .innerJoin(students, eq(students.id, openingBalances.studentId))
    .innerJoin(feeHeads, eq(feeHeads.id, openingBalances.feeHeadId))
    .where(where)
    .orderBy(asc(openingBalances.id))) {
    const { studentId, ...opening } = o;
    listOf(openings, studentId).push(opening);
  }

  // A bounced cheque's bank charge is due on the day it came back, on the Cheque bounce charge head.
  if (heads.bounce !== null) {
    for (const c of await db
      .select({ studentId: cheques.studentId, amountPaise: cheques.bounceChargePaise, bouncedOn: cheques.bouncedOn })
      .from(cheques)
      .innerJoin(students, eq(students.id, cheques.studentId))
      .where(and(where, eq(cheques.status, 'bounced'), gt(cheques.bounceChargePaise, 0)))
      .orderBy(asc(cheques.bouncedOn), asc(cheques.id))) {
      listOf(bounceCharges, c.studentId).push({ feeHeadId: heads.bounce, amountPaise: c.amountPaise, bouncedOn: c.bouncedOn! });
    }
  }

  for (const w of await db
    .select({ studentId: fineWaivers.studentId, date: fineWaivers.date, amountPaise: fineWaivers.amountPaise })
    .from(fineWaivers)
    .innerJoin(students, eq(students.id, fineWaivers.studentId))
    .where(where)) {
    listOf(waivers, w.studentId).push({ date: w.date, amountPaise: w.amountPaise });
  }
  return batch;
}

/** The batches of a course (or just one of them), newest first (start date descending, then name). */
export async function batchIdsOfCourse(db: DbOrTx, params: { courseId: number; batchId?: number }): Promise<number[]> {
  return (await db
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.courseId, params.courseId), params.batchId === undefined ? undefined : eq(batches.id, params.batchId)))
    .orderBy(desc(batches.startDate), asc(batches.name)))
    .map((b) => b.id);
}

/** The batches of a department, by course, newest first within each (start date descending, then name). */
export async function batchIdsOfDepartment(db: DbOrTx, departmentId: number): Promise<number[]> {
  return (await db
    .select({ id: batches.id })
    .from(batches)
    .where(eq(batches.departmentId, departmentId))
    .orderBy(asc(batches.courseId), desc(batches.startDate), asc(batches.name)))
    .map((b) => b.id);
}
