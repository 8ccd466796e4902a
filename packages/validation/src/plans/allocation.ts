import { addDays, daysBetween } from './dates';
import type { Concession, FineRule, Payment, Plan } from './types';

/**
 * The instalment view of one student's fees (decisions.md "Fee plans"): per head, concessions
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

const byReceipt = (a: Payment | AllocatedPayment, b: Payment | AllocatedPayment) =>
  a.receiptDate < b.receiptDate ? -1 : a.receiptDate > b.receiptDate ? 1 : a.receiptNumber - b.receiptNumber;

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
  instalments: Array<{ id: string; name: string; dueDate: string; fineRule: FineRule; lastDay: string; amounts: number[] }>;
}

export function preparePlan(plan: Plan): PreparedPlan {
  const ordered = sortedInstalments(plan.instalments);
  const headIds: number[] = [];
  for (const inst of ordered) {
    for (const a of inst.amounts) if (!headIds.includes(a.feeHeadId)) headIds.push(a.feeHeadId);
  }
  return {
    headIds,
    instalments: ordered.map((inst) => {
      const fineRule = inst.fineRule ?? plan.fineRule;
      const amounts = headIds.map(() => 0);
      for (const a of inst.amounts) amounts[headIds.indexOf(a.feeHeadId)]! += a.amountPaise;
      return { id: inst.id, name: inst.name, dueDate: inst.dueDate, fineRule, lastDay: addDays(inst.dueDate, graceOf(fineRule)), amounts };
    }),
  };
}

const isPrepared = (plan: Plan | PreparedPlan): plan is PreparedPlan => 'headIds' in plan;

/** True when the payments are already in receipt date then number order (as the dues queries read them). */
function inReceiptOrder(payments: readonly Payment[]): boolean {
  for (let k = 1; k < payments.length; k++) if (byReceipt(payments[k - 1]!, payments[k]!) > 0) return false;
  return true;
}

// Reports allocate every student of a batch: flat per-(instalment, head) arrays and plain loops, no
// per-line closures or copies (the same steps as described above).
export function allocateStudent(
  plan: Plan | PreparedPlan,
  student: { concessions: readonly Concession[]; payments: readonly Payment[] },
): StudentAllocation {
  const prepared = isPrepared(plan) ? plan : preparePlan(plan);
  const { headIds } = prepared;
  const plans = prepared.instalments;
  const n = plans.length;
  const h = headIds.length;
  // Cell i * h + j: instalment i, head j.
  const concession = new Array<number>(n * h).fill(0);
  const paid = new Array<number>(n * h).fill(0);
  const payments: AllocatedPayment[][] = [];
  for (let i = 0; i < n; i++) payments.push([]);

  for (const c of student.concessions) {
    const j = headIds.indexOf(c.feeHeadId);
    if (j < 0 || n === 0) continue;
    let left = c.amountPaise;
    for (let i = n - 1; i >= 0 && left > 0; i--) {
      const cell = i * h + j;
      const take = Math.min(left, Math.max(0, plans[i]!.amounts[j]! - concession[cell]!));
      concession[cell]! += take;
      left -= take;
    }
    if (left !== 0) concession[(n - 1) * h + j]! += left;
  }

  const addPayment = (i: number, p: Payment, amountPaise: number) => {
    const list = payments[i]!;
    const last = list[list.length - 1];
    // Payments arrive in receipt order, so lines of one receipt are neighbours.
    if (last && last.receiptNumber === p.receiptNumber && last.receiptDate === p.receiptDate) last.amountPaise += amountPaise;
    else list.push({ receiptDate: p.receiptDate, receiptNumber: p.receiptNumber, amountPaise });
  };

  if (n > 0) {
    const ordered = inReceiptOrder(student.payments) ? student.payments : [...student.payments].sort(byReceipt);
    for (const p of ordered) {
      const j = headIds.indexOf(p.feeHeadId);
      if (j < 0) continue;
      let left = p.amountPaise;
      for (let i = 0; i < n && left > 0; i++) {
        const cell = i * h + j;
        const room = plans[i]!.amounts[j]! - concession[cell]! - paid[cell]!;
        const take = Math.min(left, Math.max(0, room));
        if (take > 0) {
          paid[cell]! += take;
          addPayment(i, p, take);
        }
        left -= take;
      }
      if (left !== 0) {
        paid[(n - 1) * h + j]! += left;
        addPayment(n - 1, p, left);
      }
    }
  }

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
      heads.push({ feeHeadId: headIds[j]!, amountPaise: inst.amounts[j]!, concessionPaise: concession[cell]!, paidPaise: paid[cell]! });
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
  return fineForDays(inst, inst.fineRule.type === 'none' ? 0 : daysLateAsOf(inst, asOf));
}

function fineForDays(inst: AllocatedInstalment, days: number): number {
  const rule = inst.fineRule;
  if (days <= 0) return 0;
  switch (rule.type) {
    case 'none':
      return 0;
    case 'fixed':
      return rule.amountPaise;
    case 'percent':
      return percentOf(outstandingAsOf(inst, inst.lastDay), rule.percentBasisPoints);
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

/** paidAsOf, daysLateAsOf and fineAsOf in one pass over the instalment's payments. */
export function instalmentDuesAsOf(inst: AllocatedInstalment, asOf: string): InstalmentDues {
  const last = inst.lastDay;
  const open = inst.duePaise - inst.concessionPaise;
  let paid = 0;
  let paidByLast = 0;
  let left = open;
  let cleared: string | null = null;
  for (const p of inst.payments) {
    if (p.receiptDate <= asOf) paid += p.amountPaise;
    if (p.receiptDate <= last) paidByLast += p.amountPaise;
    if (cleared === null && left > 0) {
      left -= p.amountPaise;
      if (left <= 0) cleared = p.receiptDate;
    }
  }
  const daysLate =
    asOf <= last || open - paidByLast <= 0 ? 0 : daysBetween(last, cleared !== null && cleared < asOf ? cleared : asOf);
  return {
    id: inst.id,
    name: inst.name,
    dueDate: inst.dueDate,
    due: inst.duePaise,
    concession: inst.concessionPaise,
    paid,
    outstanding: inst.duePaise - inst.concessionPaise - paid,
    daysLate,
    fine: fineForDays(inst, daysLate),
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

/**
 * A student's dues as of a date (an instalment due after `asOf` cannot be late yet, so the listed
 * ones carry every fine); Late fee lines and waivers dated on or before `asOf` reduce the fine.
 */
export function studentDuesAsOf(allocation: StudentAllocation, asOf: string, settlements: FineSettlements): StudentDues {
  const instalments = allocation.instalments.filter((i) => i.dueDate <= asOf).map((i) => instalmentDuesAsOf(i, asOf));
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
