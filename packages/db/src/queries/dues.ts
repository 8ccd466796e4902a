import {
  allocateStudent,
  bounceChargeInstalments,
  type Concession,
  LATE_FEE_HEAD,
  openingInstalments,
  type Payment,
  preparePlan,
  type StudentAllocation,
  type StudentDues,
  studentDuesAsOf,
} from '@fees/validation';
import { and, asc, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { batches, cheques, courses, discounts, feeHeads, fineWaivers, openingBalances, students, studentPayments } from '../schema';
import { findChequeBounceHeadId } from './cheques';
import { type BatchPlan, loadBatchPlans } from './plans';

/**
 * Dues as of a date: per batch, a few set-based statements (students, discounts, opening balances, bounce
 * charges, the lines of their live receipts with date and number, fine waivers) and the allocation of the plans domain in
 * memory. Never one statement per student. Portable query-builder SQL (no engine-only functions).
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

/** The dues of the students of one batch as of a date, in admission number order. */
export async function batchDuesAsOf(db: DbOrTx, scope: Scope, asOf: string, plan?: BatchPlan): Promise<StudentDuesResult[]> {
  const plans = plan ? new Map([[scope.batchId, plan]]) : (await loadBatchPlans(db, [scope.batchId]));
  return duesOfBatches(db, [scope.batchId], scope.studentIds, asOf, plans);
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
 * The students of the batches, batch by batch (in the order given), each in admission number order.
 * The same statements serve every batch (a course's report builds and prepares them once, not once a batch).
 */
async function duesOfBatches(
  db: DbOrTx,
  batchIds: readonly number[],
  studentIds: readonly number[] | undefined,
  asOf: string,
  plans: Map<number, BatchPlan>,
): Promise<StudentDuesResult[]> {
  if (batchIds.length === 0) return [];
  const lateFeeHeadId = (await findLateFeeHeadId(db));
  const studentFilter: SQL | undefined = studentIds ? inArray(students.id, [...studentIds]) : undefined;
  const where = and(inArray(students.batchId, [...batchIds]), studentFilter);

  const rows = await db
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
  if (rows.length === 0) return [];

  const concessions = new Map<number, Concession[]>();
  for (const d of await db
    .select({ studentId: discounts.studentId, feeHeadId: discounts.feeHeadId, discount: discounts.discountPaise, adjustment: discounts.adjustmentPaise })
    .from(discounts)
    .innerJoin(students, eq(students.id, discounts.studentId))
    .where(where)) {
    listOf(concessions, d.studentId).push({ feeHeadId: d.feeHeadId, amountPaise: d.discount + d.adjustment });
  }

  const payments = new Map<number, Payment[]>();
  const lateFees = new Map<number, Dated[]>();
  // The largest read of a report (every line of the batches' live receipts): rows from
  // student_payments, the live lines kept per student in receipt order, so each student's range is
  // one narrow read with no join to the receipts and the allocation finds them already sorted. They
  // come student by student, so each student's lists are looked up once a run of lines.
  const lines = await db
    .select({
      studentId: studentPayments.studentId,
      feeHeadId: studentPayments.feeHeadId,
      amountPaise: studentPayments.amountPaise,
      date: studentPayments.date,
      number: studentPayments.number,
    })
    .from(students)
    .innerJoin(studentPayments, eq(studentPayments.studentId, students.id))
    .where(where);
  let current = -1;
  let paymentList: Payment[] = [];
  let lateFeeList: Dated[] = [];
  for (const { studentId, feeHeadId, amountPaise, date, number } of lines) {
    if (studentId !== current) {
      current = studentId;
      paymentList = listOf(payments, studentId);
      lateFeeList = listOf(lateFees, studentId);
    }
    if (feeHeadId === lateFeeHeadId) lateFeeList.push({ date, amountPaise });
    else paymentList.push({ receiptDate: date, receiptNumber: number, feeHeadId, amountPaise });
  }

  const openings = new Map<number, DuesOpening[]>();
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
  const bounceHeadId = await findChequeBounceHeadId(db);
  const bounceCharges = new Map<number, Array<{ feeHeadId: number; amountPaise: number; bouncedOn: string }>>();
  if (bounceHeadId !== null) {
    for (const c of await db
      .select({ studentId: cheques.studentId, amountPaise: cheques.bounceChargePaise, bouncedOn: cheques.bouncedOn })
      .from(cheques)
      .innerJoin(students, eq(students.id, cheques.studentId))
      .where(and(where, eq(cheques.status, 'bounced'), gt(cheques.bounceChargePaise, 0)))
      .orderBy(asc(cheques.bouncedOn), asc(cheques.id))) {
      listOf(bounceCharges, c.studentId).push({ feeHeadId: bounceHeadId, amountPaise: c.amountPaise, bouncedOn: c.bouncedOn! });
    }
  }

  const waivers = new Map<number, Dated[]>();
  for (const w of await db
    .select({ studentId: fineWaivers.studentId, date: fineWaivers.date, amountPaise: fineWaivers.amountPaise })
    .from(fineWaivers)
    .innerJoin(students, eq(students.id, fineWaivers.studentId))
    .where(where)) {
    listOf(waivers, w.studentId).push({ date: w.date, amountPaise: w.amountPaise });
  }

  const studentsByBatch = new Map<number, typeof rows>();
  for (const s of rows) listOf(studentsByBatch, s.batchId).push(s);
  return batchIds.flatMap((batchId) => {
    const of = studentsByBatch.get(batchId);
    if (!of) return [];
    const batchPlan = plans.get(batchId)!;
    const prepared = preparePlan({ fineRule: batchPlan.fineRule, instalments: batchPlan.instalments });
    return of.map((s) => {
      const opening = openings.get(s.studentId) ?? [];
      const charges = bounceCharges.get(s.studentId) ?? [];
      // Opening balances and bounce charges are the student's own instalments beside the batch's plan.
      const plan =
        opening.length === 0 && charges.length === 0
          ? prepared
          : preparePlan({
              fineRule: batchPlan.fineRule,
              instalments: [...batchPlan.instalments, ...openingInstalments(opening), ...bounceChargeInstalments(charges)],
            });
      const allocation = allocateStudent(plan, {
        concessions: concessions.get(s.studentId) ?? [],
        payments: payments.get(s.studentId) ?? [],
      });
      const dues = studentDuesAsOf(allocation, asOf, { lateFeePaid: lateFees.get(s.studentId) ?? [], waived: waivers.get(s.studentId) ?? [] });
      return { ...s, allocation, dues, opening };
    });
  });
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

/** Every student of the batches, batch by batch, as of a date. */
export async function batchesDuesAsOf(db: DbOrTx, batchIds: readonly number[], asOf: string): Promise<StudentDuesResult[]> {
  return duesOfBatches(db, batchIds, undefined, asOf, (await loadBatchPlans(db, batchIds)));
}
