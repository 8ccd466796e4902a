/**
 * The allocation and the dues as of a date computed a second time, the plain way: one student at a
 * time, objects per instalment and head, dates as texts, each figure by its own definition. It shares
 * no code with allocation.ts (only the date arithmetic), so the tests that compare the two catch a
 * mistake in either.
 */
import { addDays, daysBetween } from '../dates';
import type { Concession, FineRule, Payment, Plan } from '../types';

/** A payment as allocated to one instalment (all heads of one receipt together). */
export interface AllocatedPayment {
  receiptDate: string;
  receiptNumber: number;
  amountPaise: number;
}

export interface AllocatedHead {
  feeHeadId: number;
  amountPaise: number;
  concessionPaise: number;
  paidPaise: number;
}

export interface AllocatedInstalment {
  id: string;
  name: string;
  dueDate: string;
  fineRule: FineRule;
  duePaise: number;
  concessionPaise: number;
  heads: AllocatedHead[];
  /** L: due date + grace days, the last day before the instalment can be late. */
  lastDay: string;
  /** In receipt date then number order. */
  payments: AllocatedPayment[];
}

const byDueDate = <T extends { dueDate: string }>(list: readonly T[]) =>
  list
    .map((item, position) => ({ item, position }))
    .sort((a, b) => a.item.dueDate.localeCompare(b.item.dueDate) || a.position - b.position)
    .map(({ item }) => item);

const byReceipt = (a: Payment, b: Payment) =>
  a.receiptDate.localeCompare(b.receiptDate) || a.receiptNumber - b.receiptNumber;

export function allocateStudent(
  plan: Plan,
  student: { concessions: readonly Concession[]; payments: readonly Payment[] },
): AllocatedInstalment[] {
  const ordered = byDueDate(plan.instalments);
  const headIds = [...new Set(ordered.flatMap((inst) => inst.amounts.map((a) => a.feeHeadId)))];
  const instalments: AllocatedInstalment[] = ordered.map((inst) => {
    const fineRule = inst.fineRule ?? plan.fineRule;
    const heads = headIds.map((feeHeadId) => ({
      feeHeadId,
      amountPaise: inst.amounts.filter((a) => a.feeHeadId === feeHeadId).reduce((s, a) => s + a.amountPaise, 0),
      concessionPaise: 0,
      paidPaise: 0,
    }));
    return {
      id: inst.id,
      name: inst.name,
      dueDate: inst.dueDate,
      fineRule,
      duePaise: heads.reduce((s, h) => s + h.amountPaise, 0),
      concessionPaise: 0,
      heads,
      lastDay: addDays(inst.dueDate, fineRule.type === 'none' ? 0 : fineRule.graceDays),
      payments: [],
    };
  });
  if (instalments.length === 0) return instalments;
  const last = instalments[instalments.length - 1]!;
  const headOf = (inst: AllocatedInstalment, feeHeadId: number) => inst.heads.find((h) => h.feeHeadId === feeHeadId);

  // Concessions from the last instalment backwards, never below zero each; the rest stays on the last.
  for (const c of student.concessions) {
    if (!headIds.includes(c.feeHeadId)) continue;
    let left = c.amountPaise;
    for (const inst of [...instalments].reverse()) {
      if (left <= 0) break;
      const head = headOf(inst, c.feeHeadId)!;
      const take = Math.min(left, Math.max(0, head.amountPaise - head.concessionPaise));
      head.concessionPaise += take;
      left -= take;
    }
    if (left !== 0) headOf(last, c.feeHeadId)!.concessionPaise += left;
  }

  // Payments in receipt order fill the instalments in due-date order; the rest stays on the last.
  const record = (inst: AllocatedInstalment, p: Payment, amountPaise: number) => {
    headOf(inst, p.feeHeadId)!.paidPaise += amountPaise;
    const previous = inst.payments.at(-1);
    if (previous && previous.receiptDate === p.receiptDate && previous.receiptNumber === p.receiptNumber)
      previous.amountPaise += amountPaise;
    else inst.payments.push({ receiptDate: p.receiptDate, receiptNumber: p.receiptNumber, amountPaise });
  };
  for (const p of [...student.payments].sort(byReceipt)) {
    if (!headIds.includes(p.feeHeadId)) continue;
    let left = p.amountPaise;
    for (const inst of instalments) {
      if (left <= 0) break;
      const head = headOf(inst, p.feeHeadId)!;
      const take = Math.min(left, Math.max(0, head.amountPaise - head.concessionPaise - head.paidPaise));
      if (take > 0) record(inst, p, take);
      left -= take;
    }
    if (left !== 0) record(last, p, left);
  }
  for (const inst of instalments) inst.concessionPaise = inst.heads.reduce((s, h) => s + h.concessionPaise, 0);
  return instalments;
}

/** Paid into an instalment from receipts dated on or before `asOf`. */
export function paidAsOf(inst: AllocatedInstalment, asOf: string): number {
  return inst.payments.filter((p) => p.receiptDate <= asOf).reduce((s, p) => s + p.amountPaise, 0);
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

/** Days late as of `asOf`: past L with an outstanding above zero at the end of L, until cleared. */
export function daysLateAsOf(inst: AllocatedInstalment, asOf: string): number {
  if (asOf <= inst.lastDay || outstandingAsOf(inst, inst.lastDay) <= 0) return 0;
  const cleared = clearedOn(inst);
  return daysBetween(inst.lastDay, cleared !== null && cleared < asOf ? cleared : asOf);
}

/** The instalment's fine as of `asOf`. */
export function fineAsOf(inst: AllocatedInstalment, asOf: string): number {
  const days = daysLateAsOf(inst, asOf);
  const rule = inst.fineRule;
  if (days <= 0 || rule.type === 'none') return 0;
  if (rule.type === 'fixed') return rule.amountPaise;
  if (rule.type === 'percent')
    return Math.floor((outstandingAsOf(inst, inst.lastDay) * rule.percentBasisPoints + 5000) / 10000);
  return rule.capPaise > 0 ? Math.min(rule.capPaise, rule.perDayPaise * days) : rule.perDayPaise * days;
}

export function instalmentDuesAsOf(inst: AllocatedInstalment, asOf: string) {
  return {
    id: inst.id,
    name: inst.name,
    dueDate: inst.dueDate,
    due: inst.duePaise,
    concession: inst.concessionPaise,
    paid: paidAsOf(inst, asOf),
    outstanding: outstandingAsOf(inst, asOf),
    daysLate: daysLateAsOf(inst, asOf),
    fine: fineAsOf(inst, asOf),
  };
}

/** A student's dues as of a date: the instalments due by then, their fines less Late fee paid and waived. */
export function studentDuesAsOf(
  instalments: readonly AllocatedInstalment[],
  asOf: string,
  settlements: {
    lateFeePaid: ReadonlyArray<{ date: string; amountPaise: number }>;
    waived: ReadonlyArray<{ date: string; amountPaise: number }>;
  },
) {
  const due = instalments.filter((i) => i.dueDate <= asOf).map((i) => instalmentDuesAsOf(i, asOf));
  const upTo = (rows: ReadonlyArray<{ date: string; amountPaise: number }>) =>
    rows.filter((r) => r.date <= asOf).reduce((s, r) => s + r.amountPaise, 0);
  const accrued = due.reduce((s, i) => s + i.fine, 0);
  const paid = upTo(settlements.lateFeePaid);
  const waived = upTo(settlements.waived);
  const outstanding = due.reduce((s, i) => s + i.outstanding, 0);
  return {
    asOf,
    instalments: due,
    fine: { accrued, paid, waived, outstanding: accrued - paid - waived },
    outstanding,
    toCollect: outstanding + accrued - paid - waived,
    daysLate: due.find((i) => i.outstanding > 0 && i.daysLate > 0)?.daysLate ?? 0,
  };
}
