import {
  countStudentReceipts,
  findOpenEnrolment,
  isUniqueViolation,
  listStudentContacts,
  replaceStudentContacts,
  transferEnrolment,
  updateStudent,
  writeAudit,
} from '@fees/db';
import { inTransaction } from '../write';
import { AppError, type TUpdateStudentInput, transferBeforeEnrolmentMessage } from '@fees/validation';
import { actorOf } from '../../audit';
import { today } from '../../config';
import { assertCurrentVersion } from '../versions';
import {
  admissionNoTakenMessage,
  assertAdmissionNoFree,
  assertEnrolment,
  assertReferenceIds,
  loadStudent,
  studentRow,
} from './shared';
import type { AuthedContext } from '../../context';

export async function editStudent(ctx: AuthedContext, input: TUpdateStudentInput) {
  const before = await loadStudent(ctx, input);
  assertCurrentVersion('student', before, input.version);
  await assertEnrolment(ctx, input);
  await assertReferenceIds(ctx, input);
  await assertAdmissionNoFree(ctx, { depId: input.depId, admissionNo: input.admissionNo, exceptId: before.id });
  const moved = input.batchId !== before.batchId;
  const transferDate = input.transferDate ?? today();
  if (moved) {
    // Receipts were issued against the old batch's fee heads, and the fee figures still read the student's
    // current batch alone: moving would judge what was paid by the new batch's fees.
    const { live } = await countStudentReceipts(ctx.db, before.id);
    if (live > 0) {
      throw new AppError(
        'CONFLICT',
        `${before.name} has ${live} live receipt${live === 1 ? '' : 's'} in the current batch ` +
          `and cannot move to another batch`,
      );
    }
    const open = await findOpenEnrolment(ctx.db, before.id);
    if (open && transferDate < open.fromDate)
      throw new AppError('BAD_INPUT', transferBeforeEnrolmentMessage(open.fromDate));
  }
  try {
    const after = await inTransaction(ctx, async (tx, ctx) => {
      const row = await updateStudent(tx, { ...studentRow(input.depId, input), id: before.id });
      if (moved)
        await transferEnrolment(tx, {
          studentId: row.id,
          batchId: row.batchId,
          date: transferDate,
          createdBy: ctx.session.userId,
        });
      // Left out (older programs, the REST paths), the guardians stay as they are.
      const contactsBefore = input.contacts ? await listStudentContacts(tx, before.id) : undefined;
      if (input.contacts) await replaceStudentContacts(tx, { studentId: before.id, contacts: input.contacts });
      await writeAudit(tx, {
        actor: actorOf(ctx),
        action: 'update',
        entity: 'student',
        entityId: row.id,
        before: contactsBefore ? { ...before, contacts: contactsBefore } : before,
        after: input.contacts ? { ...row, contacts: input.contacts } : row,
      });
      return row;
    });
    return { Status: 'OK' as const, id: after.id, admissionNo: after.admissionNo, version: after.version };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', admissionNoTakenMessage(input.admissionNo));
    throw error;
  }
}
