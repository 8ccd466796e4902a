import { addDays, dayNumber, daysBetween } from './dates';
import type { Concession, FineRule, Payment, Plan } from './types';

/**
 * The instalment view of one student's fees: per head, concessions
 * (discount + adjustment) reduce the instalments from the last due date backwards, never below zero
 * each; payments fill the instalments in due-date order, taken by receipt date then number; what is
 * beyond a head's total (payment or concession) stays on the last instalment, so over the whole plan
 * the outstanding equals fee - discount - adjustment - paid.
 */

/** A payment as allocated to one instalment (all heads of one receipt together). */
export interface AllocatedPayment {
  receiptDate: string;
  receiptNumber: number;
  amountPaise: number;
}

export interface InstalmentHeadAllocation {
  feeHeadId: number;
  amountPaise: number;
  concessionPaise: number;
  paidPaise: number;
}

export interface AllocatedInstalment {
  id: string;
  name: string;
  dueDate: string;
  /** The instalment's own rule, else the plan's. */
  fineRule: FineRule;
  duePaise: number;
  concessionPaise: number;
  heads: InstalmentHeadAllocation[];
  /** L: due date + grace days, the last day before the instalment can be late. */
  lastDay: string;
  /** In receipt date then number order. */
  payments: AllocatedPayment[];
}

export interface StudentAllocation {
  instalments: AllocatedInstalment[];
}

// The lines of one receipt share one date string, so the equality test usually decides.
const byReceipt = (a: Payment | AllocatedPayment, b: Payment | AllocatedPayment) =>
  a.receiptDate === b.receiptDate ? a.receiptNumber - b.receiptNumber : a.receiptDate < b.receiptDate ? -1 : 1;

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
    };
  });
  return { headIds, headIndex: headIndexOf(headIds), instalments, cells: instalments.flatMap((inst) => inst.amounts) };
}

function headIndexOf(headIds: readonly number[]): number[] {
  const index: number[] = [];
  for (const [j, id] of headIds.entries()) index[id] = j;
  return index;
}

const isPrepared = (plan: Plan | PreparedPlan): plan is PreparedPlan => 'headIds' in plan;

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

/** No payment's day (no date is this far before 1970); a small integer, so the arrays holding it stay integer arrays. */
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

export function allocateStudent(
  plan: Plan | PreparedPlan,
  student: { concessions: readonly Concession[]; payments: readonly Payment[] },
): StudentAllocation {
  const prepared = isPrepared(plan) ? plan : preparePlan(plan);
  const { headIds } = prepared;
  const plans = prepared.instalments;
  const n = plans.length;
  const h = headIds.length;
  const concession = new Array<number>(n * h);
  const paid = new Array<number>(n * h);
  const payments: AllocatedPayment[][] = [];
  for (let i = 0; i < n; i++) payments.push([]);
  allocateConcessions(prepared, student.concessions, concession);
  const ordered = inOrder(student.payments, byReceipt) ? student.payments : [...student.payments].sort(byReceipt);
  allocatePayments(prepared, ordered, concession, paid, (i, p, amountPaise) => {
    const list = payments[i]!;
    const last = list[list.length - 1];
    // Payments arrive in receipt order, so lines of one receipt are neighbours.
    if (last && last.receiptNumber === p.receiptNumber && last.receiptDate === p.receiptDate)
      last.amountPaise += amountPaise;
    else list.push({ receiptDate: p.receiptDate, receiptNumber: p.receiptNumber, amountPaise });
  });

  const instalments: AllocatedInstalment[] = [];
  for (let i = 0; i < n; i++) {
    const inst = plans[i]!;
    let duePaise = 0;
    let concessionPaise = 0;
    const heads: InstalmentHeadAllocation[] = [];
    for (let j = 0; j < h; j++) {
      const cell = i * h + j;
      duePaise += inst.amounts[j]!;
      concessionPaise += concession[cell]!;
      heads.push({
        feeHeadId: headIds[j]!,
        amountPaise: inst.amounts[j]!,
        concessionPaise: concession[cell]!,
        paidPaise: paid[cell]!,
      });
    }
    instalments.push({
      id: inst.id,
      name: inst.name,
      dueDate: inst.dueDate,
      fineRule: inst.fineRule,
      lastDay: inst.lastDay,
      duePaise,
      concessionPaise,
      heads,
      payments: payments[i]!,
    });
  }
  return { instalments };
}

/** Paid into an instalment from receipts dated on or before `asOf`. */
export function paidAsOf(inst: AllocatedInstalment, asOf: string): number {
  let sum = 0;
  for (const p of inst.payments) if (p.receiptDate <= asOf) sum += p.amountPaise;
  return sum;
}

/** The instalment's outstanding at the end of `asOf`. */
export function outstandingAsOf(inst: AllocatedInstalment, asOf: string): number {
  return inst.duePaise - inst.concessionPaise - paidAsOf(inst, asOf);
}

/** The date of the receipt that brought the outstanding to zero or below; null while it is open. */
export function clearedOn(inst: AllocatedInstalment): string | null {
  let left = inst.duePaise - inst.concessionPaise;
  if (left <= 0) return null;
  for (const p of inst.payments) {
    left -= p.amountPaise;
    if (left <= 0) return p.receiptDate;
  }
  return null;
}

/**
 * Days late as of `asOf`: 0 unless late on that day (past L with an outstanding above 0 at the end
 * of L), else from L to the earlier of `asOf` and the clearing receipt's date.
 */
export function daysLateAsOf(inst: AllocatedInstalment, asOf: string): number {
  const last = inst.lastDay;
  if (asOf <= last || outstandingAsOf(inst, last) <= 0) return 0;
  const cleared = clearedOn(inst);
  const end = cleared !== null && cleared < asOf ? cleared : asOf;
  return daysBetween(last, end);
}

/** Percent of an amount in basis points, rounded to the paisa half up (amounts are positive here). */
function percentOf(amountPaise: number, basisPoints: number): number {
  return Math.floor((amountPaise * basisPoints + 5000) / 10000);
}

/** The instalment's fine as of `asOf`; never decreases as `asOf` grows. */
export function fineAsOf(inst: AllocatedInstalment, asOf: string): number {
  return inst.fineRule.type === 'none'
    ? 0
    : fineForDays(inst.fineRule, daysLateAsOf(inst, asOf), outstandingAsOf(inst, inst.lastDay));
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

/** paidAsOf, daysLateAsOf and fineAsOf in one pass over the instalment's payments. */
export function instalmentDuesAsOf(inst: AllocatedInstalment, asOf: string): InstalmentDues {
  const t = newTally(inst.duePaise - inst.concessionPaise);
  const asOfDay = dayNumber(asOf);
  const last = dayNumber(inst.lastDay);
  for (const p of inst.payments) countPayment(t, dayNumber(p.receiptDate), p.amountPaise, asOfDay, last);
  return instalmentDues(inst, last, inst.duePaise, inst.concessionPaise, t, asOfDay);
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

/**
 * A student's dues as of a date (an instalment due after `asOf` cannot be late yet, so the listed
 * ones carry every fine); Late fee lines and waivers dated on or before `asOf` reduce the fine.
 */
export function studentDuesAsOf(
  allocation: StudentAllocation,
  asOf: string,
  settlements: FineSettlements,
): StudentDues {
  return duesOfInstalments(
    allocation.instalments.filter((i) => i.dueDate <= asOf).map((i) => instalmentDuesAsOf(i, asOf)),
    asOf,
    settlements,
  );
}

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

/**
 * Dues as of one date for many students of one plan: the same figures as
 * `studentDuesAsOf(allocateStudent(plan, student), asOf, settlements)`, counted while the payments
 * are allocated instead of kept per instalment, with buffers reused from student to student
 * (a course's report allocates some 20,000 students and a million lines). The payments' dates are
 * day numbers (DayPayment).
 */
export function duesAsOfCalculator(plan: PreparedPlan, asOf: string) {
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

  return (
    student: { concessions: readonly Concession[]; payments: readonly DayPayment[] },
    settlements: FineSettlements,
  ): StudentDues => {
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
    for (let i = 0; i < n; i++) {
      flush(i);
      const inst = plans[i]!;
      if (inst.dueDate <= asOf)
        instalments.push(instalmentDues(inst, inst.lastDayNumber, due[i]!, concessionOf[i]!, tallies[i]!, asOfDay));
    }
    return duesOfInstalments(instalments, asOf, settlements);
  };
}
