import {
  findBatch,
  findOpenEnrolment,
  findPromotion,
  promotionsOfBatch,
  type Reader,
  receiptsInBatch,
  sharesOnEnrolments,
  studentFeeTotals,
  studentsOfBatchEnrolled,
  undoPromotion,
  writeAudit,
  writePromotion,
} from '@fees/db';
import {
  AppError,
  PROMOTION_MSG,
  type TApplyPromotionInput,
  type TPromotionPreviewInput,
  type TUndoPromotionInput,
} from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { inTransaction } from '../write';

/** The batch and its next batch, both of the department, the next one starting later. */
async function batchPair(db: Reader, input: { depId: number; fromBatchId: number; toBatchId: number }) {
  if (input.fromBatchId === input.toBatchId) throw new AppError('BAD_INPUT', PROMOTION_MSG.sameBatch);
  const [from, to] = await Promise.all([findBatch(db, input.fromBatchId), findBatch(db, input.toBatchId)]);
  if (!from || !to || from.departmentId !== input.depId || to.departmentId !== input.depId)
    throw new AppError('NOT_FOUND', PROMOTION_MSG.otherDepartment);
  if (to.startDate <= from.startDate) throw new AppError('BAD_INPUT', PROMOTION_MSG.notAfter(from.name, to.name));
  return { from, to };
}

/**
 * The students of the batch (their open enrolment in it), each promoted by default, with what they owe on Fees Info:
 * that balance stays with the old enrolment after the promotion. With the promotions out of the batch so far.
 */
export async function previewPromotion(ctx: AuthedContext, input: TPromotionPreviewInput) {
  const { from, to } = await batchPair(ctx.db, input);
  const list = await studentsOfBatchEnrolled(ctx.db, from.id);
  const rows = [];
  for (const s of list) {
    const totals = await studentFeeTotals(ctx.db, s.id);
    rows.push({
      studentId: s.id,
      admissionNo: s.admissionNo,
      name: s.name,
      balancePaise: Number(totals.balancePaise),
      action: 'promote' as const,
    });
  }
  const history = await promotionsOfBatch(ctx.db, from.id);
  return {
    from: { id: from.id, name: from.name, courseName: from.courseName, startDate: from.startDate },
    to: { id: to.id, name: to.name, courseName: to.courseName, startDate: to.startDate },
    students: rows,
    unpaidTotalPaise: rows.reduce((sum, r) => sum + Math.max(r.balancePaise, 0), 0),
    promotions: history.map((p) => ({ id: p.id, toBatchId: p.toBatchId, date: p.date, undoneAt: p.undoneAt })),
  };
}

/**
 * Applies a promotion in one audited transaction: every listed student is promoted, kept or left on the date (the
 * next batch's start unless given); the batch's other students stay where they are. Unpaid balances stay with the
 * old enrolment: no money is written or copied. A student listed who is no longer in the batch (a promotion applied
 * twice) refuses the whole write.
 */
export async function applyPromotion(ctx: AuthedContext, input: TApplyPromotionInput) {
  const { from, to } = await batchPair(ctx.db, input);
  const date = input.date ?? to.startDate;
  const seen = new Set<string>();
  for (const s of input.students) {
    if (seen.has(s.admNo)) throw new AppError('BAD_INPUT', PROMOTION_MSG.twice(s.admNo));
    seen.add(s.admNo);
  }
  return await inTransaction(ctx, async (tx, ctx) => {
    const enrolled = new Map((await studentsOfBatchEnrolled(tx, from.id)).map((s) => [s.admissionNo, s]));
    const chosen = input.students.map((s) => {
      const student = enrolled.get(s.admNo);
      if (!student) throw new AppError('BAD_INPUT', PROMOTION_MSG.notInBatch(s.admNo, from.name));
      return { studentId: student.id, enrolmentId: student.enrolmentId, action: s.action };
    });
    const promotion = await writePromotion(tx, {
      departmentId: input.depId,
      from,
      to,
      date,
      createdBy: ctx.session.userId,
      students: chosen,
    });
    const counts = { promoted: 0, kept: 0, left: 0 };
    for (const s of chosen) counts[s.action === 'promote' ? 'promoted' : s.action === 'keep' ? 'kept' : 'left']++;
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'create',
      entity: 'promotion',
      entityId: promotion.id,
      after: {
        departmentId: input.depId,
        fromBatch: from.name,
        toBatch: to.name,
        date,
        ...counts,
        students: input.students.map((s) => `${s.admNo}:${s.action}`),
      },
    });
    return { id: promotion.id, date, ...counts };
  });
}

/**
 * Puts every enrolment of a promotion back, while no receipt was issued to its students in the next batch, no sponsor's
 * share was recorded on the enrolments it started and none of them moved again since.
 */
export async function undoPromotionOf(ctx: AuthedContext, input: TUndoPromotionInput) {
  const promotion = await findPromotion(ctx.db, input.id);
  if (!promotion || promotion.departmentId !== input.depId) throw new AppError('NOT_FOUND', PROMOTION_MSG.notFound);
  if (promotion.undoneAt !== null) throw new AppError('CONFLICT', PROMOTION_MSG.undone);
  const [from, to] = await Promise.all([
    findBatch(ctx.db, promotion.fromBatchId),
    findBatch(ctx.db, promotion.toBatchId),
  ]);
  const promoted = promotion.students.filter((s) => s.action === 'promote');
  const issued = await receiptsInBatch(ctx.db, {
    batchId: promotion.toBatchId,
    studentIds: promoted.map((s) => s.studentId),
  });
  if (issued > 0) throw new AppError('CONFLICT', PROMOTION_MSG.receiptsIssued(issued, to!.name));
  // A sponsor's share belongs to the enrolment it was sanctioned for: the undo would leave it with none.
  const started = promotion.students.flatMap((s) => (s.startedEnrolmentId === null ? [] : [s.startedEnrolmentId]));
  const shares = await sharesOnEnrolments(ctx.db, started);
  if (shares > 0) throw new AppError('CONFLICT', PROMOTION_MSG.sponsoredSince(shares, to!.name));
  for (const s of promotion.students) {
    if (s.action === 'keep') continue;
    const open = await findOpenEnrolment(ctx.db, s.studentId);
    if ((open?.id ?? null) !== s.startedEnrolmentId)
      throw new AppError('CONFLICT', PROMOTION_MSG.movedSince(s.admissionNo));
  }
  return await inTransaction(ctx, async (tx, ctx) => {
    const undone = await undoPromotion(tx, { id: promotion.id, from: from!, undoneBy: ctx.session.userId });
    if (!undone) throw new AppError('CONFLICT', PROMOTION_MSG.undone);
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'delete',
      entity: 'promotion',
      entityId: promotion.id,
      before: { fromBatch: from!.name, toBatch: to!.name, date: promotion.date, students: promotion.students.length },
    });
    return { id: promotion.id, undone: true };
  });
}
