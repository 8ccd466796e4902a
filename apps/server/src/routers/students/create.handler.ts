import { insertStudent, isUniqueViolation, writeAudit } from '@fees/db';
import { AppError, type TCreateStudentInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { admissionNoTakenMessage, assertAdmissionNoFree, assertEnrolment, assertReferenceIds, studentRow } from './shared';
import type { AuthedContext } from '../../context';

export function createHandler({ ctx, input }: { ctx: AuthedContext; input: TCreateStudentInput }) {
  assertEnrolment(ctx, input);
  assertReferenceIds(ctx, input);
  assertAdmissionNoFree(ctx, input);
  try {
    const student = ctx.db.transaction((tx) => {
      const row = insertStudent(tx, studentRow(input.depId, input));
      writeAudit(tx, actorOf(ctx), { action: 'create', entity: 'student', entityId: row.id, after: row });
      return row;
    });
    return { Status: 'OK' as const, id: student.id, admissionNo: student.admissionNo };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', admissionNoTakenMessage(input.admissionNo));
    throw error;
  }
}
