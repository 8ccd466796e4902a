import { addDays, dayNumber } from './dates';
import type { Concession, FineRule, Payment, Plan } from './types';

/**
 * The instalment view of one student's fees, and their dues as of a date: per head, concessions
 * (discount + adjustment) reduce the instalments from the last due date backwards, never below zero
 * each; payments fill the instalments in due-date order, taken by receipt date then number; what is
 * beyond a head's total (payment or concession) stays on the last instalment, so over the whole plan
 * the outstanding equals fee - discount - adjustment - paid. `duesAsOfCalculator` is the one way the
 * product computes it, for one student or a course; the tests hold a plain second computation
 * (plans/test/oracle.ts) to compare it with.
 */

/** One head of one instalment after the allocation: its amount, the concession on it and what was paid into it. */
export interface InstalmentHeadAllocation {
  feeHeadId: number;
  amountPaise: number;
  concessionPaise: number;
  paidPaise: number;
}

/** Instalments in due-date order (ties keep the plan's order). */
export function sortedInstalments<T extends { dueDate: string }>(instalments: readonly T[]): T[] {
  return instalments
    .map((inst, i) => ({ inst, i }))
    .sort((a, b) => (a.inst.dueDate < b.inst.dueDate ? -1 : a.inst.dueDate > b.inst.dueDate ? 1 : a.i - b.i))
    .map((x) => x.inst);
}

const graceOf = (rule: FineRule) => (rule.type === 'none' ? 0 : rule.graceDays);

/** A plan made ready once for many students: instalments in due-date order, amounts per head index, L dates. */
export interface PreparedPlan {
  headIds: number[];
  /** headIndex[feeHeadId]: its index in headIds (an array read instead of a search for every line). */
  headIndex: number[];
  instalments: Array<{
    id: string;
    name: string;
    dueDate: string;
    fineRule: FineRule;
    lastDay: string;
    lastDayNumber: number;
    amounts: number[];
    noConcession: boolean;
  }>;
  /** The amounts as one array, cell i * heads + j: instalment i, head j. */
  cells: number[];
}

export function preparePlan(plan: Plan): PreparedPlan {
  const ordered = sortedInstalments(plan.instalments);
  const headIds: number[] = [];
  for (const inst of ordered) {
    for (const a of inst.amounts) if (!headIds.includes(a.feeHeadId)) headIds.push(a.feeHeadId);
  }
  const instalments = ordered.map((inst) => {
    const fineRule = inst.fineRule ?? plan.fineRule;
    const amounts = headIds.map(() => 0);
    for (const a of inst.amounts) amounts[headIds.indexOf(a.feeHeadId)]! += a.amountPaise;
    const lastDay = addDays(inst.dueDate, graceOf(fineRule));
    return {
      id: inst.id,
      name: inst.name,
      dueDate: inst.dueDate,
      fineRule,
      lastDay,
      lastDayNumber: dayNumber(lastDay),
      amounts,
      noConcession: inst.noConcession === true,
    };
  });
  return { headIds, headIndex: headIndexOf(headIds), instalments, cells: instalments.flatMap((inst) => inst.amounts) };
}

function headIndexOf(headIds: readonly number[]): number[] {
  const index: number[] = [];
  for (const [j, id] of headIds.entries()) index[id] = j;
  return index;
}

/** True when the list is already in `compare`'s order (as the dues queries read payments): no sort needed. */
function inOrder<T>(list: readonly T[], compare: (a: T, b: T) => number): boolean {
  for (let k = 1; k < list.length; k++) if (compare(list[k - 1]!, list[k]!) > 0) return false;
  return true;
}

/**
 * A payment with its date as a day number (dayNumber), as duesAsOfCalculator takes them: numbers
 * compare and subtract faster than date texts, over the million lines of a course.
 */
export interface DayPayment {
  day: number;
  receiptNumber: number;
  feeHeadId: number;
  amountPaise: number;
}

/**
 * No payment's day (no date is this far before 1970); a small integer, so the arrays holding it stay integer arrays.
 */
const NO_DAY = -1_000_000_000;

const byDayAndNumber = (a: DayPayment, b: DayPayment) => a.day - b.day || a.receiptNumber - b.receiptNumber;

/** What the allocation reads of a payment (its date only orders the payments, before it runs). */
type Allocated = Pick<Payment, 'feeHeadId' | 'amountPaise'>;

/** Receives each part of a payment the allocation puts on instalment i (due-date order), in receipt order. */
type PaymentSink<P> = (i: number, payment: P, amountPaise: number) => void;

/**
 * The allocation itself, once for every use, in two steps: concessions, then payments. They fill
 * `concession` and `paid` (cell i * heads + j: instalment i, head j); each allocated part of a
 * payment goes to `sink`. Flat arrays and plain loops, no per-line copies: reports allocate every
 * student of a course.
 */
function allocateConcessions(prepared: PreparedPlan, concessions: readonly Concession[], concession: number[]): void {
  const { headIndex, cells } = prepared;
  const n = prepared.instalments.length;
  const h = prepared.headIds.length;
  concession.fill(0, 0, n * h);
  if (n === 0) return;
  for (const c of concessions) {
    const j = headIndex[c.feeHeadId];
    if (j === undefined) continue;
    let left = c.amountPaise;
    for (let i = n - 1; i >= 0 && left > 0; i--) {
      if (prepared.instalments[i]!.noConcession) continue;
      const cell = i * h + j;
      const take = Math.min(left, Math.max(0, cells[cell]! - concession[cell]!));
      concession[cell]! += take;
      left -= take;
    }
    if (left !== 0) concession[(n - 1) * h + j]! += left;
  }
}

/** Payments in receipt order (date, then number): see byReceipt and byDayAndNumber. */
function allocatePayments<P extends Allocated>(
  prepared: PreparedPlan,
  ordered: readonly P[],
  concession: number[],
  paid: number[],
  sink: PaymentSink<P>,
): void {
  const { headIndex, cells } = prepared;
  const n = prepared.instalments.length;
  const h = prepared.headIds.length;
  paid.fill(0, 0, n * h);
  if (n === 0) return;
  // first[j]: the first instalment where head j may still have room. A full cell before the last
  // stays full (only the last takes what goes beyond), so each payment starts filling there.
  const first = new Array<number>(h).fill(0);
  for (const p of ordered) {
    const j = headIndex[p.feeHeadId];
    if (j === undefined) continue;
    let left = p.amountPaise;
    for (let i = first[j]!; i < n && left > 0; i++) {
      const cell = i * h + j;
      const room = cells[cell]! - concession[cell]! - paid[cell]!;
      const take = Math.min(left, Math.max(0, room));
      if (take > 0) {
        paid[cell]! += take;
        sink(i, p, take);
      }
      left -= take;
      if (i === first[j] && i < n - 1 && room - take <= 0) first[j] = i + 1;
    }
    if (left !== 0) {
      paid[(n - 1) * h + j]! += left;
      sink(n - 1, p, left);
    }
  }
}

/** Percent of an amount in basis points, rounded to the paisa half up (amounts are positive here). */
function percentOf(amountPaise: number, basisPoints: number): number {
  return Math.floor((amountPaise * basisPoints + 5000) / 10000);
}

/** The fine of an instalment `days` late whose outstanding at the end of L was `outstandingAtLast`. */
function fineForDays(rule: FineRule, days: number, outstandingAtLast: number): number {
  if (days <= 0) return 0;
  switch (rule.type) {
    case 'none':
      return 0;
    case 'fixed':
      return rule.amountPaise;
    case 'percent':
      return percentOf(outstandingAtLast, rule.percentBasisPoints);
    case 'per_day': {
      const fine = rule.perDayPaise * days;
      return rule.capPaise > 0 ? Math.min(rule.capPaise, fine) : fine;
    }
  }
}

export interface InstalmentDues {
  id: string;
  name: string;
  dueDate: string;
  due: number;
  concession: number;
  paid: number;
  outstanding: number;
  daysLate: number;
  fine: number;
}

/**
 * What the as-of figures of an instalment need from its payments (receipt order, one entry a
 * receipt): paid as of the date, paid by L, and the day (dayNumber) of the receipt that cleared it.
 * Dates are day numbers here: the calculator counts every line of a course.
 */
interface Tally {
  paid: number;
  paidByLast: number;
  /** Still to pay after the payments counted so far (due - concession - paid), while above 0. */
  left: number;
  cleared: number | null;
}

const newTally = (open: number): Tally => ({ paid: 0, paidByLast: 0, left: open, cleared: null });

function countPayment(t: Tally, day: number, amountPaise: number, asOf: number, last: number): void {
  if (day <= asOf) t.paid += amountPaise;
  if (day <= last) t.paidByLast += amountPaise;
  if (t.cleared === null && t.left > 0) {
    t.left -= amountPaise;
    if (t.left <= 0) t.cleared = day;
  }
}

interface InstalmentFacts {
  id: string;
  name: string;
  dueDate: string;
  fineRule: FineRule;
}

/** `asOf` and `last` (L) as day numbers. */
function instalmentDues(
  inst: InstalmentFacts,
  last: number,
  due: number,
  concession: number,
  t: Tally,
  asOf: number,
): InstalmentDues {
  const outstandingAtLast = due - concession - t.paidByLast;
  const daysLate =
    asOf <= last || outstandingAtLast <= 0 ? 0 : (t.cleared !== null && t.cleared < asOf ? t.cleared : asOf) - last;
  return {
    id: inst.id,
    name: inst.name,
    dueDate: inst.dueDate,
    due,
    concession,
    paid: t.paid,
    outstanding: due - concession - t.paid,
    daysLate,
    fine: fineForDays(inst.fineRule, daysLate, outstandingAtLast),
  };
}

/** Late fee collected and fines waived, each dated (receipt date; waiver date). */
export interface FineSettlements {
  lateFeePaid: ReadonlyArray<{ date: string; amountPaise: number }>;
  waived: ReadonlyArray<{ date: string; amountPaise: number }>;
}

export interface StudentDues {
  asOf: string;
  /** The instalments due on or before `asOf`. */
  instalments: InstalmentDues[];
  fine: { accrued: number; paid: number; waived: number; outstanding: number };
  /** Sum of the listed instalments' outstanding. */
  outstanding: number;
  /** outstanding + fine outstanding. */
  toCollect: number;
  /** Days late of the oldest (first due) instalment still outstanding and late as of `asOf`; 0 if none. */
  daysLate: number;
}

const sumUpTo = (rows: FineSettlements['lateFeePaid'], asOf: string) =>
  rows.reduce((s, r) => (r.date <= asOf ? s + r.amountPaise : s), 0);

function duesOfInstalments(instalments: InstalmentDues[], asOf: string, settlements: FineSettlements): StudentDues {
  const accrued = instalments.reduce((s, i) => s + i.fine, 0);
  const paid = sumUpTo(settlements.lateFeePaid, asOf);
  const waived = sumUpTo(settlements.waived, asOf);
  const fineOutstanding = accrued - paid - waived;
  const outstanding = instalments.reduce((s, i) => s + i.outstanding, 0);
  const daysLate = instalments.find((i) => i.outstanding > 0 && i.daysLate > 0)?.daysLate ?? 0;
  return {
    asOf,
    instalments,
    fine: { accrued, paid, waived, outstanding: fineOutstanding },
    outstanding,
    toCollect: outstanding + fineOutstanding,
    daysLate,
  };
}

/** A head over the whole plan: what is open on it (balance) and what of that was due by the date (outstanding). */
export interface HeadDues {
  feeHeadId: number;
  outstanding: number;
  balance: number;
}

/** StudentDues with what a single student's screens show beside it. */
export interface DetailedDues extends StudentDues {
  /** The instalments due after the date, as of the date. */
  upcoming: InstalmentDues[];
  heads: HeadDues[];
  /** Per instalment (due-date order, with its id) and head: amount, concession and paid. */
  cells: Array<{ instalmentId: string; heads: InstalmentHeadAllocation[] }>;
}

type Student = { concessions: readonly Concession[]; payments: readonly DayPayment[] };

/**
 * Dues as of one date for the students of one plan, counted while the payments are allocated, with
 * buffers reused from student to student (a course's report allocates some 20,000 students and a
 * million lines). The payments' dates are day numbers (DayPayment). With `detail`, each answer also
 * holds the instalments not yet due, the figures per head and the allocation's cells: what one
 * student's screens show; a report leaves it off.
 */
export function duesAsOfCalculator(
  plan: PreparedPlan,
  asOf: string,
): (student: Student, settlements: FineSettlements) => StudentDues;
export function duesAsOfCalculator(
  plan: PreparedPlan,
  asOf: string,
  options: { detail: true },
): (student: Student, settlements: FineSettlements) => DetailedDues;
export function duesAsOfCalculator(plan: PreparedPlan, asOf: string, options?: { detail: true }) {
  const detail = options?.detail === true;
  const asOfDay = dayNumber(asOf);
  const plans = plan.instalments;
  const n = plans.length;
  const h = plan.headIds.length;
  const concession = new Array<number>(n * h);
  const paid = new Array<number>(n * h);
  const due = plans.map((inst) => inst.amounts.reduce((s, a) => s + a, 0));
  const concessionOf = new Array<number>(n);
  const tallies = plans.map(() => newTally(0));
  // The receipt whose parts are being summed per instalment (the allocation's one entry a receipt);
  // NO_DAY while none is.
  const pendingDay = new Array<number>(n);
  const pendingNumber = new Array<number>(n);
  const pendingAmount = new Array<number>(n);
  const flush = (i: number) => {
    const day = pendingDay[i]!;
    if (day !== NO_DAY) countPayment(tallies[i]!, day, pendingAmount[i]!, asOfDay, plans[i]!.lastDayNumber);
    pendingDay[i] = NO_DAY;
  };
  const sink: PaymentSink<DayPayment> = (i, p, amountPaise) => {
    if (pendingDay[i] === p.day && pendingNumber[i] === p.receiptNumber) {
      pendingAmount[i]! += amountPaise;
      return;
    }
    flush(i);
    pendingDay[i] = p.day;
    pendingNumber[i] = p.receiptNumber;
    pendingAmount[i] = amountPaise;
  };

  /** The detail of one allocated student, read from the buffers before the next student reuses them. */
  const detailOf = (upcoming: InstalmentDues[]) => {
    const heads = plan.headIds.map((feeHeadId) => ({ feeHeadId, outstanding: 0, balance: 0 }));
    const cells = plans.map((inst, i) => {
      const cellHeads: InstalmentHeadAllocation[] = [];
      for (let j = 0; j < h; j++) {
        const cell = i * h + j;
        const open = inst.amounts[j]! - concession[cell]! - paid[cell]!;
        heads[j]!.balance += open;
        if (inst.dueDate <= asOf) heads[j]!.outstanding += open;
        cellHeads.push({
          feeHeadId: plan.headIds[j]!,
          amountPaise: inst.amounts[j]!,
          concessionPaise: concession[cell]!,
          paidPaise: paid[cell]!,
        });
      }
      return { instalmentId: inst.id, heads: cellHeads };
    });
    return { upcoming, heads, cells };
  };

  return (student: Student, settlements: FineSettlements): StudentDues | DetailedDues => {
    allocateConcessions(plan, student.concessions, concession);
    for (let i = 0; i < n; i++) {
      let c = 0;
      for (let j = 0; j < h; j++) c += concession[i * h + j]!;
      concessionOf[i] = c;
      const t = tallies[i]!;
      t.paid = 0;
      t.paidByLast = 0;
      t.left = due[i]! - c;
      t.cleared = null;
      pendingDay[i] = NO_DAY;
    }
    const ordered = inOrder(student.payments, byDayAndNumber)
      ? student.payments
      : [...student.payments].sort(byDayAndNumber);
    allocatePayments(plan, ordered, concession, paid, sink);
    const instalments: InstalmentDues[] = [];
    const upcoming: InstalmentDues[] = [];
    for (let i = 0; i < n; i++) {
      flush(i);
      const inst = plans[i]!;
      if (inst.dueDate <= asOf || detail) {
        const figures = instalmentDues(inst, inst.lastDayNumber, due[i]!, concessionOf[i]!, tallies[i]!, asOfDay);
        (inst.dueDate <= asOf ? instalments : upcoming).push(figures);
      }
    }
    const dues = duesOfInstalments(instalments, asOf, settlements);
    return detail ? { ...dues, ...detailOf(upcoming) } : dues;
  };
}
