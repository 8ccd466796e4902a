/**
 * Concession schemes: who a join or leave names, what it would write (the preview), and the writes.
 * A join or leave computes the same plan as its preview inside its transaction and writes exactly
 * that; each discount is written only at the version read, so nothing typed meanwhile is lost.
 */
import {
  addSchemeMember,
  type AuditActor,
  type Database,
  type Reader,
  deleteDiscountAtVersion,
  findBatch,
  findCourse,
  findFeeHead,
  findScheme,
  headStatesOfStudents,
  insertSchemeDiscount,
  isUniqueViolation,
  membersOfScheme,
  removeSchemeMember,
  type SchemeRuleRow,
  schemeMemberIds,
  setDiscountFromScheme,
  studentsForScheme,
  studentsOfBatchCategory,
  inWriteTransaction,
  writeAudit,
} from '@fees/db';
import { discountChangeBy } from '../discounts/shared';
import { inTransaction } from '../write';
import {
  AppError,
  MSG,
  paiseToRupeesText,
  refuse,
  ruleOfInput,
  SCHEME_MSG,
  type TApplySchemeInput,
  type TCreateSchemeInput,
  type TLeaveSchemeInput,
  type TSchemeMembersInput,
  type TSchemeStudentsInput,
} from '@fees/validation';
import { headBalancePaise, schemeDiscountPaise, schemeRuleFor } from '@fees/money';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';

/** The note a scheme's discount carries. */
export const schemeNote = (name: string) => `Scheme: ${name}`;

/** Rules as stored, after checking each names a real head, course and a batch of that course. */
export async function checkedRules(db: Reader, rules: TCreateSchemeInput['rules']): Promise<SchemeRuleRow[]> {
  const checked: SchemeRuleRow[] = [];
  for (const input of rules) {
    (await findFeeHead(db, input.feeHeadId)) ?? refuse('NOT_FOUND', 'No such fee head');
    const course = (await findCourse(db, input.courseId)) ?? refuse('NOT_FOUND', 'No such course');
    if (input.batchId !== null) {
      const batch = await findBatch(db, input.batchId);
      if (!batch || batch.courseId !== course.id) refuse('BAD_INPUT', `This batch is not a batch of ${course.name}`);
    }
    checked.push(ruleOfInput(input));
  }
  return checked;
}

/** A unique-name race or a second scheme of the same name is a CONFLICT, never a 500. */
export function rethrowDuplicateName(error: unknown, name: string): never {
  if (isUniqueViolation(error)) throw new AppError('CONFLICT', SCHEME_MSG.duplicateName(name));
  throw error;
}

export async function loadScheme(db: Reader, id: number) {
  return (await findScheme(db, { id })) ?? refuse('NOT_FOUND', 'No such scheme');
}

export async function schemeMembers(ctx: AuthedContext, input: TSchemeMembersInput) {
  const scheme = await loadScheme(ctx.db, input.schemeId);
  return membersOfScheme(ctx.db, { schemeId: scheme.id, departmentId: input.depId });
}

/** The students a join names: the ids given (all in the department), or a batch's students of one category. */
async function chosenStudents(db: Reader, input: TSchemeStudentsInput) {
  if (input.studentIds) {
    const ids = [...new Set(input.studentIds)];
    const found = await studentsForScheme(db, { departmentId: input.depId, studentIds: ids });
    if (found.length !== ids.length) refuse('NOT_FOUND', 'Some of these students are not in this department');
    return found;
  }
  const batch = await findBatch(db, input.batchId!);
  if (!batch || batch.departmentId !== input.depId) refuse('NOT_FOUND', 'No such batch in this department');
  return studentsOfBatchCategory(db, { batchId: batch.id, categoryId: input.categoryId! });
}

export type ExistingDiscount = 'none' | 'this' | 'hand' | 'other';

/**
 * One student's head in a join preview: before and after, and what the apply does with it. Balances
 * count an opening balance on the head; the scheme's percentage is of the fee structure amount alone.
 */
export interface JoinRow {
  studentId: number;
  admissionNo: string;
  studentName: string;
  feeHeadId: number;
  feeHead: string;
  feePaise: number;
  paidPaise: number;
  adjustmentPaise: number;
  /** The discount (con_amt) today. */
  beforePaise: number;
  /** What the scheme gives on this head. */
  schemePaise: number;
  /** Who wrote today's discount: nobody, this scheme, a person, or another scheme (named). */
  existing: ExistingDiscount;
  existingScheme: string | null;
  /** write: the scheme's amount is written; keep: today's discount stays (the admin's choice); unchanged. */
  action: 'write' | 'keep' | 'unchanged';
  afterPaise: number;
  balanceBeforePaise: number;
  balanceAfterPaise: number;
  discountId: number | null;
  discountVersion: number | null;
}

/**
 * What applying the scheme to the chosen students does, per student and head: a rule's amount on each
 * head of their batch it covers, and the scheme's own discounts where no rule applies any more
 * (removed). A discount typed by hand or by another scheme is written over only when `replace` names it.
 */
export async function planJoin(db: Reader, input: TApplySchemeInput) {
  const scheme = await loadScheme(db, input.schemeId);
  const chosen = await chosenStudents(db, input);
  const ids = chosen.map((s) => s.id);
  const members = await schemeMemberIds(db, { schemeId: scheme.id, studentIds: ids });
  const states = await headStatesOfStudents(db, { studentIds: ids });
  const replace = new Set(input.replace.map((r) => `${r.studentId}:${r.feeHeadId}`));
  const byId = new Map(chosen.map((s) => [s.id, s]));
  const rows: JoinRow[] = [];
  const covered = new Set<number>();
  for (const state of states) {
    const student = byId.get(state.studentId)!;
    const rule = schemeRuleFor(scheme.rules, student, state.feeHeadId);
    const existing: ExistingDiscount =
      state.discountId === null
        ? 'none'
        : state.discountSchemeId === scheme.id
          ? 'this'
          : state.discountSchemeId === null
            ? 'hand'
            : 'other';
    if (rule) covered.add(student.id);
    if (!rule && existing !== 'this') continue;
    const schemePaise = rule ? schemeDiscountPaise(state.feePaise, rule) : 0;
    if (existing === 'none' && schemePaise === 0) continue;
    const beforePaise = state.discountPaise ?? 0;
    const adjustmentPaise = state.adjustmentPaise ?? 0;
    const sameNote = state.discountNote === schemeNote(scheme.name);
    const action =
      existing === 'hand' || existing === 'other'
        ? replace.has(`${student.id}:${state.feeHeadId}`)
          ? 'write'
          : 'keep'
        : existing === 'this' && beforePaise === schemePaise && sameNote
          ? 'unchanged'
          : 'write';
    const afterPaise = action === 'write' ? schemePaise : beforePaise;
    const balanceBeforePaise = headBalancePaise({
      feePaise: state.feePaise + state.openingPaise,
      discountPaise: beforePaise,
      adjustmentPaise,
      paidPaise: state.paidPaise,
    });
    rows.push({
      studentId: student.id,
      admissionNo: student.admissionNo,
      studentName: student.name,
      feeHeadId: state.feeHeadId,
      feeHead: state.feeHead,
      feePaise: state.feePaise,
      paidPaise: state.paidPaise,
      adjustmentPaise,
      beforePaise,
      schemePaise,
      existing,
      existingScheme: existing === 'other' ? state.discountScheme : null,
      action,
      afterPaise,
      balanceBeforePaise,
      balanceAfterPaise: balanceBeforePaise + beforePaise - afterPaise,
      discountId: state.discountId,
      discountVersion: state.discountVersion,
    });
  }
  const students = chosen.map((s) => ({ ...s, member: members.has(s.id), covered: covered.has(s.id) }));
  const written = rows.filter((r) => r.action === 'write');
  const below = written.filter((r) => r.balanceAfterPaise < 0);
  return {
    scheme: { id: scheme.id, name: scheme.name },
    students,
    rows,
    totals: {
      students: students.length,
      joining: students.filter((s) => !s.member).length,
      beforePaise: rows.reduce((sum, r) => sum + r.beforePaise, 0),
      afterPaise: rows.reduce((sum, r) => sum + r.afterPaise, 0),
      writes: written.length,
      kept: rows.filter((r) => r.action === 'keep').length,
      belowZero: below.length,
    },
  };
}

const changed = () => new AppError('STALE', SCHEME_MSG.changed);

/** Joins the students and writes the preview's discounts, all in one transaction with their audit rows. */
export async function applyScheme(db: Database, actor: AuditActor, input: TApplySchemeInput) {
  try {
    const plan = await inWriteTransaction(db, async (db) => {
      const plan = await planJoin(db, input);
      if (plan.students.length === 0) refuse('BAD_INPUT', 'No student of this batch has that category');
      const below = plan.rows.filter((r) => r.action === 'write' && r.balanceAfterPaise < 0);
      if (below.length > 0 && !input.allowNegativeBalance) {
        const heads = [...new Set(below.map((r) => r.feeHead))].join(', ');
        const lowest = Math.min(...below.map((r) => r.balanceAfterPaise));
        refuse(
          'CONFLICT',
          MSG.belowZero(new Set(below.map((r) => r.studentId)).size, heads, paiseToRupeesText(lowest)),
        );
      }
      const scheme = plan.scheme;
      const note = schemeNote(scheme.name);
      for (const student of plan.students) {
        if (await addSchemeMember(db, { schemeId: scheme.id, studentId: student.id, joinedBy: actor.userId })) {
          await writeAudit(db, {
            actor,
            action: 'create',
            entity: 'scheme member',
            entityId: scheme.id,
            after: { scheme: scheme.name, studentId: student.id, admissionNo: student.admissionNo },
          });
        }
      }
      for (const row of plan.rows) {
        if (row.action !== 'write') continue;
        if (row.discountId === null) {
          const after = await insertSchemeDiscount(
            db,
            {
              studentId: row.studentId,
              feeHeadId: row.feeHeadId,
              discountPaise: row.afterPaise,
              schemeId: scheme.id,
              note,
            },
            discountChangeBy(actor),
          );
          await writeAudit(db, { actor, action: 'create', entity: 'discount', entityId: after.id, after });
        } else if (row.afterPaise === 0 && row.adjustmentPaise === 0) {
          if (
            !(await deleteDiscountAtVersion(
              db,
              { id: row.discountId, version: row.discountVersion! },
              discountChangeBy(actor),
            ))
          )
            throw changed();
          await writeAudit(db, {
            actor,
            action: 'delete',
            entity: 'discount',
            entityId: row.discountId,
            before: {
              studentId: row.studentId,
              feeHeadId: row.feeHeadId,
              discountPaise: row.beforePaise,
              schemeId: scheme.id,
            },
          });
        } else {
          const after = await setDiscountFromScheme(
            db,
            {
              id: row.discountId,
              version: row.discountVersion!,
              discountPaise: row.afterPaise,
              schemeId: scheme.id,
              note,
            },
            discountChangeBy(actor),
          );
          if (!after) throw changed();
          await writeAudit(db, {
            actor,
            action: 'update',
            entity: 'discount',
            entityId: row.discountId,
            before: { studentId: row.studentId, discountPaise: row.beforePaise, existing: row.existing },
            after,
          });
        }
      }
      return plan;
    });
    const joined = plan.totals.joining;
    return {
      Status: 'OK' as const,
      joined,
      written: plan.totals.writes,
      kept: plan.totals.kept,
      Message:
        `${plan.scheme.name}: ${joined} student${joined === 1 ? '' : 's'} joined, ` +
        `${plan.totals.writes} discount${plan.totals.writes === 1 ? '' : 's'} written, ${plan.totals.kept} kept`,
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw changed();
    throw error;
  }
}

/** One of the scheme's discounts in a leave preview. */
export interface LeaveRow {
  studentId: number;
  admissionNo: string;
  studentName: string;
  feeHeadId: number;
  feeHead: string;
  feePaise: number;
  paidPaise: number;
  adjustmentPaise: number;
  beforePaise: number;
  balanceBeforePaise: number;
  balanceAfterPaise: number;
  /** The head was paid (nothing or a credit left) and owes again once the discount goes. */
  becomesDebt: boolean;
  discountId: number;
  discountVersion: number;
}

/** What leaving removes: the scheme's own discounts of these members (hand-typed ones are not touched). */
export async function planLeave(db: Reader, input: Omit<TLeaveSchemeInput, 'confirm'>) {
  const scheme = await loadScheme(db, input.schemeId);
  const chosen = await chosenStudents(db, input);
  const members = await schemeMemberIds(db, { schemeId: scheme.id, studentIds: chosen.map((s) => s.id) });
  const outsider = chosen.find((s) => !members.has(s.id));
  if (outsider) refuse('BAD_INPUT', `${outsider.name} (${outsider.admissionNo}) is not in ${scheme.name}`);
  const byId = new Map(chosen.map((s) => [s.id, s]));
  const rows: LeaveRow[] = [];
  for (const state of await headStatesOfStudents(db, { studentIds: [...byId.keys()] })) {
    if (state.discountSchemeId !== scheme.id || state.discountId === null) continue;
    const student = byId.get(state.studentId)!;
    const beforePaise = state.discountPaise ?? 0;
    const adjustmentPaise = state.adjustmentPaise ?? 0;
    const balanceBeforePaise = headBalancePaise({
      feePaise: state.feePaise + state.openingPaise,
      discountPaise: beforePaise,
      adjustmentPaise,
      paidPaise: state.paidPaise,
    });
    const balanceAfterPaise = balanceBeforePaise + beforePaise;
    rows.push({
      studentId: student.id,
      admissionNo: student.admissionNo,
      studentName: student.name,
      feeHeadId: state.feeHeadId,
      feeHead: state.feeHead,
      feePaise: state.feePaise,
      paidPaise: state.paidPaise,
      adjustmentPaise,
      beforePaise,
      balanceBeforePaise,
      balanceAfterPaise,
      becomesDebt: state.paidPaise > 0 && balanceBeforePaise <= 0 && balanceAfterPaise > 0,
      discountId: state.discountId,
      discountVersion: state.discountVersion!,
    });
  }
  return {
    scheme: { id: scheme.id, name: scheme.name },
    students: chosen,
    rows,
    totals: {
      students: chosen.length,
      removedPaise: rows.reduce((sum, r) => sum + r.beforePaise, 0),
      becomesDebt: rows.filter((r) => r.becomesDebt).length,
    },
  };
}

/** Removes the students from the scheme and its discounts from them, in one transaction with audit rows. */
export async function leaveScheme(ctx: AuthedContext, input: TLeaveSchemeInput) {
  const actor = actorOf(ctx);
  const plan = await inTransaction(ctx, async (tx, _ctx) => {
    const plan = await planLeave(tx, input);
    if (plan.totals.becomesDebt > 0 && !input.confirm)
      refuse('CONFLICT', SCHEME_MSG.becomesDebt(plan.totals.becomesDebt));
    const scheme = plan.scheme;
    for (const row of plan.rows) {
      const before = {
        studentId: row.studentId,
        feeHeadId: row.feeHeadId,
        discountPaise: row.beforePaise,
        adjustmentPaise: row.adjustmentPaise,
        schemeId: scheme.id,
      };
      if (row.adjustmentPaise === 0) {
        if (
          !(await deleteDiscountAtVersion(
            tx,
            { id: row.discountId, version: row.discountVersion },
            discountChangeBy(actor),
          ))
        )
          throw changed();
        await writeAudit(tx, { actor, action: 'delete', entity: 'discount', entityId: row.discountId, before });
      } else {
        const after = await setDiscountFromScheme(
          tx,
          {
            id: row.discountId,
            version: row.discountVersion,
            discountPaise: 0,
            schemeId: null,
            note: null,
          },
          discountChangeBy(actor),
        );
        if (!after) throw changed();
        await writeAudit(tx, { actor, action: 'update', entity: 'discount', entityId: row.discountId, before, after });
      }
    }
    for (const student of plan.students) {
      await removeSchemeMember(tx, { schemeId: scheme.id, studentId: student.id });
      await writeAudit(tx, {
        actor,
        action: 'delete',
        entity: 'scheme member',
        entityId: scheme.id,
        before: { scheme: scheme.name, studentId: student.id, admissionNo: student.admissionNo },
      });
    }
    return plan;
  });
  const n = plan.students.length;
  return {
    Status: 'OK' as const,
    left: n,
    removed: plan.rows.length,
    Message:
      `${n} student${n === 1 ? '' : 's'} left ${plan.scheme.name}; ` +
      `${plan.rows.length} discount${plan.rows.length === 1 ? '' : 's'} removed`,
  };
}
