import { bounceChargeInstalments, LATE_FEE_HEAD, openingInstalments } from '@fees/validation';
import {
  type Concession,
  type DayPayment,
  type DetailedDues,
  dayNumber,
  duesAsOfCalculator,
  fromDayNumber,
  type OptIn,
  optInKey,
  paymentsAfterTakeBack,
  type PastEnrolment,
  type PlanInstalment,
  type PreparedPlan,
  preparePlan,
  type SponsorShare,
  shortfallInstalments,
  sponsorConcessions,
  sponsoredPaise,
  type StudentDues,
  studentInstalments,
  studentPlan,
} from '@fees/money';
import { and, asc, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Reader } from '../client';
import { engineOf, rows } from '../engines';
import {
  batches,
  cheques,
  courses,
  discounts,
  enrolments,
  feeHeads,
  fineWaivers,
  openingBalances,
  optionalHeadOptIns,
  sponsors,
  sponsorships,
  studentMoney,
  students,
} from '../schema';
import { takeBacksAsOf } from './balances';
import { findChequeBounceHeadId } from './cheques';
import { type BatchPlan, loadBatchPlan, loadBatchPlans } from './plans';
import { valueList } from './value-list';

/**
 * Dues as of a date: a few set-based statements for all the batches (students, discounts, opening
 * balances, bounce charges, fine waivers), one more per batch for the lines of its live receipts, and
 * the allocation of the plans domain in memory, batch by batch. Never one statement per student.
 * Portable SQL (no engine-only functions).
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
  /** With the instalments not yet due, the figures per head and the allocation's cells. */
  dues: DetailedDues;
  opening: DuesOpening[];
  sponsored: readonly SponsoredPart[];
}

export async function findLateFeeHeadId(db: Reader): Promise<number | null> {
  return (
    (await db.select({ id: feeHeads.id }).from(feeHeads).where(eq(feeHeads.name, LATE_FEE_HEAD)).limit(1))[0]?.id ??
    null
  );
}

/** The dues of the students of one batch as of a date, in detail, in admission number order. */
export async function batchDuesAsOf(
  db: Reader,
  params: {
    batchId: number;
    asOf: string;
    /** Only these students of the batch (all when left out). */
    studentIds?: readonly number[];
    /** The batch's plan when the caller has it already (read otherwise). */
    plan?: BatchPlan;
    /** The students' dues were they to leave on this day (what the leaving dialog warns about). */
    leavingOn?: string;
  },
): Promise<StudentDuesResult[]> {
  const { batchId, asOf, studentIds } = params;
  const [lineTexts, batchPlan, read] = await Promise.all([
    readLineTexts(db, batchId, studentIds),
    params.plan ?? loadBatchPlan(db, batchId),
    readBatches(db, [batchId], studentIds, asOf, params.leavingOn),
  ]);
  const inputsOf = read.inputsOf(lineTexts);
  const detail = { detail: true } as const;
  const plansOf = studentPlans(batchPlan);
  const calculatorOf = perPlan((plan) => duesAsOfCalculator(plan, asOf, detail));
  return (read.studentsOf.get(batchId) ?? []).map((s) => {
    const { settlements, ...student } = inputsOf(s.studentId);
    const plan =
      read.studentPlanOf(batchPlan, s.studentId) ??
      plansOf(read.optInsOf(s.studentId), read.ownInstalmentsOf(s.studentId));
    return {
      ...s,
      dues: calculatorOf(plan)(student, settlements),
      opening: read.openings.get(s.studentId) ?? [],
      sponsored: read.sponsoredOf(s.studentId),
    };
  });
}

/** What one sponsor stands for of a student's fee (shares less shortfalls), left out of what the student owes. */
export interface SponsoredPart {
  sponsorId: number;
  sponsor: string;
  amountPaise: number;
}

export interface StudentDuesOnly extends DuesStudent {
  dues: StudentDues;
  sponsored: readonly SponsoredPart[];
}

/**
 * The students of the batches with their dues as of a date, one batch at a time (in the order given),
 * each batch in admission number order. A batch is read, allocated and handed over, and no
 * allocation is kept: a course's report holds the lines of two batches at most. On PostgreSQL the
 * next batch's lines are read while one is allocated (the read overlaps the work); SQLite's reads
 * take the thread, so there they are read in turn (ahead, they only cost memory: the course's dues
 * took a tenth longer).
 * The first batch's lines (the longest read) go out with the plans and the students' other figures:
 * on PostgreSQL the statements may run on several of the pool's connections, so their round trips overlap.
 */
export async function* duesByBatch(
  db: Reader,
  params: {
    batchIds: readonly number[];
    asOf: string;
    /** Only these students of the batches (all when left out). */
    studentIds?: readonly number[];
  },
): AsyncGenerator<StudentDuesOnly[]> {
  const { batchIds, asOf, studentIds } = params;
  const [firstLineTexts, plans, read] = await Promise.all([
    batchIds.length > 0 ? readLineTexts(db, batchIds[0]!, studentIds) : undefined,
    loadBatchPlans(db, batchIds),
    readBatches(db, batchIds, studentIds, asOf),
  ]);
  const withStudents = batchIds.filter((batchId) => read.studentsOf.has(batchId));
  // The first batch's lines are handed over once, and not held after.
  let firstLines = firstLineTexts;
  const linesOf = (batchId: number) => {
    const lines = batchId === batchIds[0] ? firstLines : undefined;
    firstLines = undefined;
    return lines ? Promise.resolve(lines) : ahead(readLineTexts(db, batchId, studentIds));
  };
  const readAhead = engineOf(db).readsOverlap;
  let nextLines = withStudents.length > 0 ? linesOf(withStudents[0]!) : null;
  for (const [k, batchId] of withStudents.entries()) {
    const of = read.studentsOf.get(batchId)!;
    const lineTexts = await (nextLines ?? linesOf(batchId));
    nextLines = readAhead && k + 1 < withStudents.length ? linesOf(withStudents[k + 1]!) : null;
    // Lines dated after asOf change none of its figures (the allocation takes lines in date order).
    const inputsOf = read.inputsOf(lineTexts, asOf);
    const batchPlan = plans.get(batchId)!;
    const plansOf = studentPlans(batchPlan);
    const calculatorOf = perPlan((plan) => duesAsOfCalculator(plan, asOf));
    yield of.map((s) => {
      const { settlements, ...student } = inputsOf(s.studentId);
      const plan =
        read.studentPlanOf(batchPlan, s.studentId) ??
        plansOf(read.optInsOf(s.studentId), read.ownInstalmentsOf(s.studentId));
      return withDues(s, calculatorOf(plan)(student, settlements), read.sponsoredOf(s.studentId));
    });
  }
}

/** A read started before its result is needed: its failure surfaces where it is awaited (or nowhere, if never). */
function ahead<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}

/** Spelled out: spreading the driver's row object took over a microsecond a student. */
function withDues(s: DuesStudent, dues: StudentDues, sponsored: readonly SponsoredPart[]): StudentDuesOnly {
  return {
    studentId: s.studentId,
    admissionNo: s.admissionNo,
    name: s.name,
    phone: s.phone,
    parentName: s.parentName,
    batchId: s.batchId,
    batchName: s.batchName,
    courseId: s.courseId,
    courseName: s.courseName,
    dues,
    sponsored,
  };
}

/** One calculator per prepared plan, made when a student first needs it (its buffers are reused student to student). */
function perPlan<F>(make: (plan: PreparedPlan) => F): (plan: PreparedPlan) => F {
  const made = new Map<PreparedPlan, F>();
  return (plan) => {
    let calculator = made.get(plan);
    if (calculator === undefined) {
      calculator = make(plan);
      made.set(plan, calculator);
    }
    return calculator;
  };
}

/** The optional heads of a batch's fee structure. */
function optionalHeadsOf(batchPlan: BatchPlan): Set<number> {
  return new Set(batchPlan.heads.filter((h) => h.optional).map((h) => h.feeHeadId));
}

/**
 * The plan each student of a batch owes: the batch's instalments without the optional heads they are not opted into
 * (studentInstalments), with their own instalments (opening balances, bounce charges) beside. Students with the same
 * opt-ins and no instalments of their own share one prepared plan (and so one calculator): most of a batch.
 */
function studentPlans(batchPlan: BatchPlan) {
  const optional = optionalHeadsOf(batchPlan);
  const shared = new Map<string, PreparedPlan>();
  const prepare = (optIns: readonly OptIn[], own: readonly PlanInstalment[]) =>
    preparePlan({
      fineRule: batchPlan.fineRule,
      instalments: [...studentInstalments(batchPlan.instalments, optional, optIns), ...own],
    });
  return (optIns: readonly OptIn[], own: PlanInstalment[] | undefined): PreparedPlan => {
    const relevant = optional.size === 0 ? [] : optIns.filter((o) => optional.has(o.feeHeadId));
    if (own) return prepare(relevant, own);
    const key = optInKey(relevant);
    let plan = shared.get(key);
    if (plan === undefined) {
      plan = prepare(relevant, []);
      shared.set(key, plan);
    }
    return plan;
  };
}

/**
 * The heads whose lines are not fee payments (Late fee) or whose charges are due of their own (Cheque bounce charge).
 */
interface SpecialHeads {
  lateFee: number | null;
  bounce: number | null;
}

async function specialHeads(db: Reader): Promise<SpecialHeads> {
  const [lateFee, bounce] = await Promise.all([findLateFeeHeadId(db), findChequeBounceHeadId(db)]);
  return { lateFee, bounce };
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
 * Puts a student's lines, as student_payment_texts keeps them (a JSON array [day, feeHeadId, amountPaise,
 * ...] in date order, day as dayNumber counts), up to the day `untilDay`, into `payments` (its objects
 * reused, its length set; receipt number 0) and the Late fee lines into `lateFeePaid`.
 */
function takeLines(
  lines: readonly number[],
  untilDay: number,
  lateFeeHeadId: number | null,
  payments: DayPayment[],
  lateFeePaid: Dated[],
): void {
  let count = 0;
  for (let k = 0; k < lines.length; k += 3) {
    const day = lines[k]!;
    if (day > untilDay) break;
    const feeHeadId = lines[k + 1]!;
    const amountPaise = lines[k + 2]!;
    if (feeHeadId === lateFeeHeadId) {
      lateFeePaid.push({ date: fromDayNumber(day), amountPaise });
      continue;
    }
    const payment = payments[count];
    if (payment === undefined) payments.push({ day, receiptNumber: 0, feeHeadId, amountPaise });
    else {
      payment.day = day;
      payment.feeHeadId = feeHeadId;
      payment.amountPaise = amountPaise;
    }
    count++;
  }
  payments.length = count;
}

/**
 * What the dues of the batches' students are computed from, in one statement each for all the batches (never
 * one a student), sent together: the special heads, the students, their discounts, opening balances, bounce
 * charges, fine waivers, opt-ins to optional heads, sponsors' shares (@fees/money sponsors.ts) and promotions
 * (then the plans of the batches some were promoted out of, when there are any). The lines of their receipts,
 * by far the largest part, are read batch by batch (`readLineTexts`) and handed to `inputsOf`.
 */
async function readBatches(
  db: Reader,
  batchIds: readonly number[],
  studentIds: readonly number[] | undefined,
  asOf: string,
  leavingOn?: string,
) {
  const where = and(
    inArray(students.batchId, [...batchIds]),
    studentIds ? inArray(students.id, [...studentIds]) : undefined,
  );
  const [
    heads,
    studentRows,
    discountRows,
    openingRows,
    chequeRows,
    waiverRows,
    optInRows,
    promotedRows,
    shareRows,
    leftRows,
    takeBacks,
  ] = await Promise.all([
    specialHeads(db),
    db
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
      .orderBy(asc(students.admissionNo)),
    db
      .select({
        studentId: discounts.studentId,
        feeHeadId: discounts.feeHeadId,
        discount: discounts.discountPaise,
        adjustment: discounts.adjustmentPaise,
      })
      .from(discounts)
      .innerJoin(students, eq(students.id, discounts.studentId))
      .where(where),
    db
      .select({
        studentId: openingBalances.studentId,
        feeHeadId: openingBalances.feeHeadId,
        feeHead: feeHeads.name,
        amountPaise: openingBalances.amountPaise,
        dueDate: openingBalances.dueDate,
      })
      .from(openingBalances)
      .innerJoin(students, eq(students.id, openingBalances.studentId))
      .innerJoin(feeHeads, eq(feeHeads.id, openingBalances.feeHeadId))
      .where(where)
      .orderBy(asc(openingBalances.id)),
    db
      .select({ studentId: cheques.studentId, amountPaise: cheques.bounceChargePaise, bouncedOn: cheques.bouncedOn })
      .from(cheques)
      .innerJoin(students, eq(students.id, cheques.studentId))
      .where(and(where, eq(cheques.status, 'bounced'), gt(cheques.bounceChargePaise, 0)))
      .orderBy(asc(cheques.bouncedOn), asc(cheques.id)),
    db
      .select({ studentId: fineWaivers.studentId, date: fineWaivers.date, amountPaise: fineWaivers.amountPaise })
      .from(fineWaivers)
      .innerJoin(students, eq(students.id, fineWaivers.studentId))
      .where(where),
    db
      .select({
        studentId: optionalHeadOptIns.studentId,
        feeHeadId: optionalHeadOptIns.feeHeadId,
        from: optionalHeadOptIns.fromDate,
        to: optionalHeadOptIns.toDate,
      })
      .from(optionalHeadOptIns)
      .innerJoin(students, eq(students.id, optionalHeadOptIns.studentId))
      .where(where),
    db
      .select({
        studentId: enrolments.studentId,
        enrolmentId: enrolments.id,
        batchId: enrolments.batchId,
        batchName: batches.name,
      })
      .from(enrolments)
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .innerJoin(batches, eq(batches.id, enrolments.batchId))
      .where(and(where, eq(enrolments.status, 'promoted')))
      .orderBy(asc(enrolments.fromDate), asc(enrolments.id)),
    db
      .select({
        studentId: sponsorships.studentId,
        sponsorId: sponsorships.sponsorId,
        sponsor: sponsors.name,
        feeHeadId: sponsorships.feeHeadId,
        amountPaise: sponsorships.amountPaise,
        shortfallPaise: sponsorships.shortfallPaise,
        shortfallDate: sponsorships.shortfallDate,
      })
      .from(sponsorships)
      .innerJoin(students, eq(students.id, sponsorships.studentId))
      .innerJoin(sponsors, eq(sponsors.id, sponsorships.sponsorId))
      .where(where)
      .orderBy(asc(sponsorships.id)),
    db
      .select({ studentId: enrolments.studentId, leftOn: enrolments.toDate })
      .from(enrolments)
      .innerJoin(students, and(eq(students.id, enrolments.studentId), eq(students.batchId, enrolments.batchId)))
      .where(and(where, eq(enrolments.status, 'left'))),
    takeBacksOf(db, where, asOf),
  ]);
  const pastPlans = await loadBatchPlans(db, [...new Set(promotedRows.map((e) => e.batchId))]);

  const studentsOf = new Map<number, DuesStudent[]>();
  for (const s of studentRows) listOf(studentsOf, s.batchId).push(s);
  const concessions = new Map<number, Concession[]>();
  for (const d of discountRows)
    listOf(concessions, d.studentId).push({ feeHeadId: d.feeHeadId, amountPaise: d.discount + d.adjustment });
  const openings = new Map<number, DuesOpening[]>();
  for (const { studentId, ...opening } of openingRows) listOf(openings, studentId).push(opening);
  // A bounced cheque's bank charge is due on the day it came back, on the Cheque bounce charge head.
  const bounceCharges = new Map<number, Array<{ feeHeadId: number; amountPaise: number; bouncedOn: string }>>();
  if (heads.bounce !== null) {
    for (const c of chequeRows)
      listOf(bounceCharges, c.studentId).push({
        feeHeadId: heads.bounce,
        amountPaise: c.amountPaise,
        bouncedOn: c.bouncedOn!,
      });
  }
  const waivers = new Map<number, Dated[]>();
  for (const w of waiverRows) listOf(waivers, w.studentId).push({ date: w.date, amountPaise: w.amountPaise });
  const optIns = new Map<number, OptIn[]>();
  for (const { studentId, ...optIn } of optInRows) listOf(optIns, studentId).push(optIn);
  const shares = new Map<number, SponsorShare[]>();
  const sponsored = new Map<number, SponsoredPart[]>();
  for (const { studentId, sponsorId, sponsor, ...share } of shareRows) {
    listOf(shares, studentId).push(share);
    listOf(concessions, studentId).push(...sponsorConcessions([share]));
    const parts = listOf(sponsored, studentId);
    const part = parts.find((p) => p.sponsorId === sponsorId);
    if (part) part.amountPaise += sponsoredPaise(share);
    else parts.push({ sponsorId, sponsor, amountPaise: sponsoredPaise(share) });
  }
  const noSponsors: SponsoredPart[] = [];
  const sponsoredOf = (studentId: number): readonly SponsoredPart[] => sponsored.get(studentId) ?? noSponsors;
  const noOptIns: OptIn[] = [];
  const optInsOf = (studentId: number): readonly OptIn[] => optIns.get(studentId) ?? noOptIns;

  // The batches a student was promoted out of keep their plans, as every fee figure counts them (studentChargesSql).
  const past = new Map<number, PastEnrolment[]>();
  for (const e of promotedRows) {
    const plan = pastPlans.get(e.batchId)!;
    listOf(past, e.studentId).push({
      enrolmentId: e.enrolmentId,
      batchName: e.batchName,
      plan: { fineRule: plan.fineRule, instalments: plan.instalments },
      optionalHeadIds: optionalHeadsOf(plan),
    });
  }

  const ownInstalmentsOf = (studentId: number): PlanInstalment[] | undefined => {
    const opening = openings.get(studentId);
    const charges = bounceCharges.get(studentId);
    const shortfalls = shortfallInstalments(shares.get(studentId) ?? []);
    if (!opening && !charges && shortfalls.length === 0) return undefined;
    return [...openingInstalments(opening ?? []), ...bounceChargeInstalments(charges ?? []), ...shortfalls];
  };

  // A student who left their batch owes none of its instalments due after the day (studentPlan).
  const leftOnOf = new Map<number, string>();
  for (const e of leftRows) if (e.leftOn !== null) leftOnOf.set(e.studentId, e.leftOn);

  /**
   * The plan of a student promoted out of a batch or who left it (undefined for the others: their batch's plan with
   * their opt-ins, studentPlans).
   */
  const studentPlanOf = (batchPlan: BatchPlan, studentId: number): PreparedPlan | undefined => {
    const before = past.get(studentId);
    const leftOn = leavingOn ?? leftOnOf.get(studentId) ?? null;
    if (!before && leftOn === null) return undefined;
    return preparePlan(
      studentPlan({
        current: { fineRule: batchPlan.fineRule, instalments: batchPlan.instalments },
        currentOptional: optionalHeadsOf(batchPlan),
        optIns: optInsOf(studentId),
        leftOn,
        past: before ?? [],
        own: ownInstalmentsOf(studentId) ?? [],
      }),
    );
  };
  const payments: DayPayment[] = [];
  /**
   * What one student's dues are computed from, given the lines of the student's batch (lines after
   * `until` skipped): `payments` holds the student's lines only until the next call (the allocation
   * copies what it keeps), so a batch's lines never exist as objects all at once.
   */
  const inputsOf = (lineTexts: Map<number, string>, until?: string) => {
    const untilDay = until === undefined ? Infinity : dayNumber(until);
    return (studentId: number) => {
      const lateFeePaid: Dated[] = [];
      const lines = lineTexts.get(studentId);
      takeLines(lines === undefined ? [] : JSON.parse(lines), untilDay, heads.lateFee, payments, lateFeePaid);
      const taken = takeBacks.get(studentId);
      return {
        concessions: concessions.get(studentId) ?? [],
        payments: taken === undefined ? payments : paymentsAfterTakeBack(payments, taken),
        settlements: { lateFeePaid, waived: waivers.get(studentId) ?? [] },
      };
    };
  };
  return { studentsOf, openings, ownInstalmentsOf, studentPlanOf, inputsOf, optInsOf, sponsoredOf };
}

/**
 * Per student who settled from the advance or was refunded up to `asOf` (few: read through student_money), what is
 * taken back from each head's payments (takeBacksAsOf), so dues never chase a credit refunded nor miss what a
 * later shortfall makes owed.
 */
async function takeBacksOf(
  db: Reader,
  where: SQL | undefined,
  asOf: string,
): Promise<Map<number, Map<number, number>>> {
  const settledStudents = await db
    .select({ studentId: studentMoney.studentId })
    .from(studentMoney)
    .innerJoin(students, eq(students.id, studentMoney.studentId))
    .where(and(where, sql`${studentMoney.appliedPaise} + ${studentMoney.refundedPaise} > 0`));
  return await takeBacksAsOf(
    db,
    settledStudents.map((s) => s.studentId),
    asOf,
  );
}

/**
 * The largest read: every line of one batch's live receipts, one row a student, its lines as one
 * JSON array kept on write in student_payment_texts (in student_payments' order: date, then receipt
 * number), parsed student by student as the dues are computed. Drivers spend about a microsecond making
 * each row into JavaScript values, and building the array from a course's million lines took the
 * database itself as long, so it is built once per write instead of once per report. Lines after the
 * as-of date are skipped as they are read (`takeLines`).
 * Without the receipt numbers: receipt lines are above zero (ZAmount), and then lines in date order
 * give the same dues whatever their numbers (a property test of duesAsOfCalculator).
 */
async function readLineTexts(
  db: Reader,
  batchId: number,
  studentIds: readonly number[] | undefined,
): Promise<Map<number, string>> {
  if (studentIds?.length === 0) return new Map();
  const studentFilter = studentIds ? sql` AND student_id IN (${valueList(studentIds)})` : sql``;
  const texts = await rows<{ studentId: number; lines: string }>(
    db,
    sql`SELECT student_id AS "studentId", lines FROM student_payment_texts
        WHERE student_id IN (SELECT id FROM students WHERE batch_id = ${batchId})${studentFilter}`,
  );
  return new Map(texts.map((t) => [t.studentId, t.lines]));
}

/** The batches of a course (or just one of them), newest first (start date descending, then name). */
export async function batchIdsOfCourse(db: Reader, params: { courseId: number; batchId?: number }): Promise<number[]> {
  return (
    await db
      .select({ id: batches.id })
      .from(batches)
      .where(
        and(
          eq(batches.courseId, params.courseId),
          params.batchId === undefined ? undefined : eq(batches.id, params.batchId),
        ),
      )
      .orderBy(desc(batches.startDate), asc(batches.name))
  ).map((b) => b.id);
}

/** The batches of a department, by course, newest first within each (start date descending, then name). */
export async function batchIdsOfDepartment(db: Reader, departmentId: number): Promise<number[]> {
  return (
    await db
      .select({ id: batches.id })
      .from(batches)
      .where(eq(batches.departmentId, departmentId))
      .orderBy(asc(batches.courseId), desc(batches.startDate), asc(batches.name))
  ).map((b) => b.id);
}
