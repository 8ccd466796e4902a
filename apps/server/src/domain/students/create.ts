import { insertStudent, isUniqueViolation, replaceStudentContacts, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { AppError, type TCreateStudentInput } from '@fees/validation';
import { actorOf } from '../../audit';
import {
  admissionNoTakenMessage,
  assertAdmissionNoFree,
  assertEnrolment,
  assertReferenceIds,
  studentRow,
} from './shared';
import type { AuthedContext } from '../../context';

export async function createStudent(ctx: AuthedContext, input: TCreateStudentInput) {
  await assertEnrolment(ctx, input);
  await assertReferenceIds(ctx, input);
  await assertAdmissionNoFree(ctx, input);
  try {
    const student = await inTransaction(ctx, async (tx, ctx) => {
      const row = await insertStudent(tx, studentRow(input.depId, input));
      const contacts = input.contacts ?? [];
      await replaceStudentContacts(tx, { studentId: row.id, contacts });
      await writeAudit(tx, {
        actor: actorOf(ctx),
        action: 'create',
        entity: 'student',
        entityId: row.id,
        after: { ...row, contacts },
      });
      return row;
    });
    return { Status: 'OK' as const, id: student.id, admissionNo: student.admissionNo };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', admissionNoTakenMessage(input.admissionNo));
    throw error;
  }
}
