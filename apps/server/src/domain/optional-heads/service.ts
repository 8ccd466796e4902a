import {
  deleteOptIn,
  findBatch,
  findOptIn,
  listFeeHeads,
  insertOptIns,
  optInsOfBatch,
  optInsOfStudents,
  optionalHeadsOfBatches,
  type Reader,
  setOptInEnd,
  studentsForOptIn,
  writeAudit,
} from '@fees/db';
import {
  AppError,
  OPTIONAL_HEAD_MSG,
  type TEndOptInInput,
  type TOptInsOfBatchInput,
  type TOptInStudentsInput,
  type TRemoveOptInInput,
} from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { inTransaction } from '../write';

/** A spell of an opt-in, `to` null while open. */
export interface Spell {
  studentId: number;
  feeHeadId: number;
  from: string;
  to: string | null;
}

const END_OF_TIME = '9999-12-31';

/** Two spells of one student on one head share a day. */
export function spellsOverlap(a: Spell, b: Spell): boolean {
  return (
    a.studentId === b.studentId &&
    a.feeHeadId === b.feeHeadId &&
    a.from <= (b.to ?? END_OF_TIME) &&
    b.from <= (a.to ?? END_OF_TIME)
  );
}

/**
 * What makes a new spell refused: a student outside the department, a head that is not optional in the student's
 * batch, or a spell sharing a day with one the student already has (or another of the same write). Reads only; the
 * messages name the student and head.
 */
export async function refusalsOfSpells(db: Reader, depId: number, spells: readonly Spell[]) {
  const studentIds = [...new Set(spells.map((s) => s.studentId))];
  const found = new Map((await studentsForOptIn(db, studentIds)).map((s) => [s.id, s]));
  const optional = await optionalHeadsOfBatches(db, [...new Set([...found.values()].map((s) => s.batchId))]);
  const existing = await optInsOfStudents(db, { studentIds });
  const headNames = new Map((await listFeeHeads(db)).map((h) => [h.id, h.name] as const));
  const taken: Spell[] = existing.map((o) => ({
    studentId: o.studentId,
    feeHeadId: o.feeHeadId,
    from: o.fromDate,
    to: o.toDate,
  }));
  return spells.map((spell) => {
    const student = found.get(spell.studentId);
    if (!student || student.departmentId !== depId) return OPTIONAL_HEAD_MSG.otherDepartment;
    const head = optional.find((h) => h.batchId === student.batchId && h.feeHeadId === spell.feeHeadId);
    if (!head)
      return OPTIONAL_HEAD_MSG.notOptional(headNames.get(spell.feeHeadId) ?? 'This fee head', student.batchName);
    if (taken.some((t) => spellsOverlap(t, spell))) return OPTIONAL_HEAD_MSG.overlaps(student.name, head.feeHead);
    taken.push(spell);
    return null;
  });
}

/** Ticked students opted into one optional head of their batch from a date (until a date), in one audited write. */
export async function optInStudents(ctx: AuthedContext, input: TOptInStudentsInput) {
  const spells = [...new Set(input.studentIds)].map((studentId) => ({
    studentId,
    feeHeadId: input.feeHeadId,
    from: input.from,
    to: input.to ?? null,
  }));
  return await writeSpells(ctx, input.depId, spells);
}

/** Writes checked spells in one transaction (all or none), each audited. */
export async function writeSpells(ctx: AuthedContext, depId: number, spells: readonly Spell[]) {
  return await inTransaction(ctx, async (tx, ctx) => {
    const refusals = await refusalsOfSpells(tx, depId, spells);
    const refused = refusals.find((r) => r !== null);
    if (refused) throw new AppError('BAD_INPUT', refused);
    const written = await insertOptIns(
      tx,
      spells.map((s) => ({
        studentId: s.studentId,
        feeHeadId: s.feeHeadId,
        fromDate: s.from,
        toDate: s.to,
        createdBy: ctx.session.userId,
      })),
    );
    for (const row of written)
      await writeAudit(tx, {
        actor: actorOf(ctx),
        action: 'create',
        entity: 'optional_head_opt_in',
        entityId: row.id,
        after: row,
      });
    return { added: written.length, ids: written.map((r) => r.id) };
  });
}

/** The batch's optional heads and its students with their opt-ins (the opt-in screen). */
export async function optInsOfBatchView(ctx: AuthedContext, input: TOptInsOfBatchInput) {
  const batch = await findBatch(ctx.db, input.batchId);
  if (!batch || batch.departmentId !== input.depId) throw new AppError('NOT_FOUND', 'No such batch in this department');
  const [heads, students] = await Promise.all([
    optionalHeadsOfBatches(ctx.db, [input.batchId]),
    optInsOfBatch(ctx.db, input.batchId),
  ]);
  return {
    batchId: input.batchId,
    heads: heads.map(({ batchId: _, ...h }) => h),
    students,
  };
}

async function ownOptIn(db: Reader, depId: number, id: number) {
  const row = await findOptIn(db, id);
  if (!row || row.departmentId !== depId) throw new AppError('NOT_FOUND', 'No such opt-in in this department');
  return row;
}

/** Ends an opt-in on a date (or reopens it with null): later instalments of the head are no longer owed. */
export async function endOptIn(ctx: AuthedContext, input: TEndOptInInput) {
  return await inTransaction(ctx, async (tx, ctx) => {
    const before = await ownOptIn(tx, input.depId, input.id);
    if (input.to !== null && input.to < before.fromDate)
      throw new AppError('BAD_INPUT', `Until: ${OPTIONAL_HEAD_MSG.toBeforeFrom}`);
    const others = (await optInsOfStudents(tx, { studentIds: [before.studentId], feeHeadId: before.feeHeadId }))
      .filter((o) => o.id !== before.id)
      .map((o) => ({ studentId: o.studentId, feeHeadId: o.feeHeadId, from: o.fromDate, to: o.toDate }));
    const after = { studentId: before.studentId, feeHeadId: before.feeHeadId, from: before.fromDate, to: input.to };
    if (others.some((o) => spellsOverlap(o, after)))
      throw new AppError('BAD_INPUT', OPTIONAL_HEAD_MSG.overlaps(before.studentName, before.feeHead));
    await setOptInEnd(tx, { id: input.id, toDate: input.to });
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'update',
      entity: 'optional_head_opt_in',
      entityId: input.id,
      before,
      after: { ...before, toDate: input.to },
    });
    return { id: input.id, to: input.to };
  });
}

/** Removes an opt-in entered by mistake; the audit keeps it as it was. */
export async function removeOptIn(ctx: AuthedContext, input: TRemoveOptInInput) {
  return await inTransaction(ctx, async (tx, ctx) => {
    const before = await ownOptIn(tx, input.depId, input.id);
    await deleteOptIn(tx, input.id);
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'delete',
      entity: 'optional_head_opt_in',
      entityId: input.id,
      before,
    });
    return { id: input.id };
  });
}
