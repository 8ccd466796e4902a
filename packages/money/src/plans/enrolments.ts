import { type OptIn, studentInstalments } from './optional';
import type { Plan, PlanInstalment } from './types';

/**
 * A student's fees over their enrolments, as one plan for `duesAsOfCalculator`: each batch the student
 * was promoted out of keeps its whole plan, with its own due dates and fine rules (the year's unpaid
 * fees stay owed where they were charged, nothing is copied); the current batch's plan follows, cut at
 * the leaving date for a student who left (an instalment due after it is never owed; what fell due
 * before stays due). A transfer moves the year's fee to the new batch, so a batch transferred out of
 * owes nothing of its own. Payments on a head fill its instalments in due-date order, so they settle
 * last year's before this year's; a concession comes off the latest instalments first. An optional head counts, in
 * every enrolment's plan, only in the instalments due while the student was opted into it (studentInstalments).
 */

/** A batch the student was promoted out of: its plan, named for the screens. */
export interface PastEnrolment {
  enrolmentId: number;
  batchName: string;
  plan: Plan;
  /** The optional heads of that batch's structure. */
  optionalHeadIds?: ReadonlySet<number>;
}

/** Where a past enrolment's instalment ids start: `e12:` then the batch plan's own id. */
export const enrolmentInstalmentPrefix = (enrolmentId: number) => `e${enrolmentId}:`;

/** The enrolment an instalment of `studentPlan` belongs to (null: the current batch's, or the student's own). */
export function enrolmentOfInstalment(id: string): number | null {
  const match = /^e(\d+):/.exec(id);
  return match ? Number(match[1]) : null;
}

/**
 * A past enrolment's instalments as the student's own (its optional heads as the opt-ins make them owed): ids and
 * names marked with it, its fine rules kept.
 */
export function pastEnrolmentInstalments(past: PastEnrolment, optIns: readonly OptIn[] = []): PlanInstalment[] {
  const owed = studentInstalments(past.plan.instalments, past.optionalHeadIds ?? NONE, optIns);
  return owed.map((inst) => ({
    id: `${enrolmentInstalmentPrefix(past.enrolmentId)}${inst.id}`,
    name: `${past.batchName} · ${inst.name}`,
    dueDate: inst.dueDate,
    fineRule: inst.fineRule ?? past.plan.fineRule,
    amounts: inst.amounts,
  }));
}

/** The instalments of a plan a student who left on `leftOn` owes: those due on or before it. */
export function instalmentsOwedUntil(instalments: readonly PlanInstalment[], leftOn: string | null): PlanInstalment[] {
  return leftOn === null ? [...instalments] : instalments.filter((inst) => inst.dueDate <= leftOn);
}

const NONE: ReadonlySet<number> = new Set();

/**
 * One student's plan: the past enrolments' instalments, the current batch's (cut at `leftOn`) and the
 * student's own (opening balances, bounce charges), under the current batch's fine rule; the optional heads of
 * each batch (`currentOptional` for the current one) as the student's opt-ins make them owed.
 */
export function studentPlan(params: {
  current: Plan;
  currentOptional?: ReadonlySet<number>;
  optIns?: readonly OptIn[];
  leftOn: string | null;
  past: readonly PastEnrolment[];
  own?: readonly PlanInstalment[];
}): Plan {
  const optIns = params.optIns ?? [];
  const current = studentInstalments(params.current.instalments, params.currentOptional ?? NONE, optIns);
  return {
    fineRule: params.current.fineRule,
    instalments: [
      ...params.past.flatMap((past) => pastEnrolmentInstalments(past, optIns)),
      ...instalmentsOwedUntil(current, params.leftOn),
      ...(params.own ?? []),
    ],
  };
}
