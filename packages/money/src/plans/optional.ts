import type { PlanInstalment } from './types';

/**
 * Optional heads (transport, hostel, mess): a head of a batch's structure marked optional is owed only
 * by the students who opted into it, and only in the instalments that fall due while they were in
 * (from `from` to `to`, both included; `to` null while still in). A student's instalments are the
 * batch's with the other optional amounts left out; an instalment left with no head is not theirs.
 * Everything else (concessions, payments, fines) then runs on those instalments as on any plan.
 */

/** A student's opt-in to one optional head, `yyyy-MM-dd` dates. */
export interface OptIn {
  feeHeadId: number;
  from: string;
  to: string | null;
}

/** True when an instalment due on `dueDate` of the head is owed under one of the opt-ins. */
export function owesOptional(optIns: readonly OptIn[], feeHeadId: number, dueDate: string): boolean {
  return optIns.some((o) => o.feeHeadId === feeHeadId && o.from <= dueDate && (o.to === null || dueDate <= o.to));
}

/** The batch's instalments as one student owes them, given the optional heads and the student's opt-ins. */
export function studentInstalments<T extends PlanInstalment>(
  instalments: readonly T[],
  optionalHeadIds: ReadonlySet<number>,
  optIns: readonly OptIn[],
): T[] {
  if (optionalHeadIds.size === 0) return [...instalments];
  const owed: T[] = [];
  for (const inst of instalments) {
    const amounts = inst.amounts.filter(
      (a) => !optionalHeadIds.has(a.feeHeadId) || owesOptional(optIns, a.feeHeadId, inst.dueDate),
    );
    if (amounts.length > 0 || inst.amounts.length === 0) owed.push({ ...inst, amounts });
  }
  return owed;
}

/** What a student owes on one optional head over the plan: its instalments due while opted in. */
export function optionalFeePaise(instalments: readonly PlanInstalment[], feeHeadId: number, optIns: readonly OptIn[]) {
  let fee = 0;
  for (const inst of instalments)
    if (owesOptional(optIns, feeHeadId, inst.dueDate))
      for (const a of inst.amounts) if (a.feeHeadId === feeHeadId) fee += a.amountPaise;
  return fee;
}

/** A key naming the opt-ins that change a plan: students with the same key owe the same instalments. */
export function optInKey(optIns: readonly OptIn[]): string {
  return optIns
    .map((o) => `${o.feeHeadId}:${o.from}:${o.to ?? ''}`)
    .sort()
    .join('|');
}
