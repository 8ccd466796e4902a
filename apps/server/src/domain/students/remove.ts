import {
  countStudentOpeningBalances,
  countStudentReceipts,
  deleteStudentWithDiscounts,
  findCertificateOfStudent,
  listStudentDiscounts,
  writeAudit,
} from '@fees/db';
import { discountChangeBy } from '../discounts/shared';
import { inTransaction } from '../write';
import { AppError, LEAVING_MSG, OPENING_MSG, type TStudentIdInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { loadStudent } from './shared';
import type { AuthedContext } from '../../context';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Why a student with receipts stays: receipts, even voided ones, are kept as records. */
export function receiptsBlockDeleteMessage(
  student: { name: string; admissionNo: string },
  counts: { live: number; voided: number },
): string {
  const who = `${student.name} (${student.admissionNo}) cannot be deleted`;
  if (counts.live > 0) {
    const voided = counts.voided > 0 ? ` and ${plural(counts.voided, 'voided receipt')}` : '';
    const verb = counts.live + counts.voided === 1 ? 'has' : 'have';
    return (
      `${who}: ${plural(counts.live, 'live receipt')}${voided} ${verb} been issued to this student. ` +
      `Receipts are kept as financial records, so a student with receipts stays on the roll.`
    );
  }
  return (
    `${who}: ${plural(counts.voided, 'voided receipt')} ${counts.voided === 1 ? 'names' : 'name'} this student, ` +
    `and voided receipts are kept as history.`
  );
}

/** Deletes a student without receipts or opening balances, with their discounts; the audit keeps both as they were. */
export async function removeStudent(ctx: AuthedContext, input: TStudentIdInput) {
  const student = await loadStudent(ctx, input);
  if (await findCertificateOfStudent(ctx.db, student.id))
    throw new AppError('CONFLICT', LEAVING_MSG.certificateBlocksDelete(`${student.name} (${student.admissionNo})`));
  const openings = await countStudentOpeningBalances(ctx.db, student.id);
  if (openings > 0)
    throw new AppError(
      'CONFLICT',
      OPENING_MSG.blocksStudentDelete(`${student.name} (${student.admissionNo})`, openings),
    );
  return inTransaction(ctx, async (tx, ctx) => {
    const counts = await countStudentReceipts(tx, student.id);
    if (counts.live + counts.voided > 0) {
      throw new AppError('CONFLICT', receiptsBlockDeleteMessage(student, counts));
    }
    const discounts = await listStudentDiscounts(tx, student.id);
    await deleteStudentWithDiscounts(tx, student.id, discountChangeBy(actorOf(ctx)));
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'delete',
      entity: 'student',
      entityId: student.id,
      before: { student, discounts },
    });
    return { Status: 'Success' as const, id: student.id, deletedDiscounts: discounts.length };
  });
}
