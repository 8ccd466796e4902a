import { insertStudent, writeAudit } from '@fees/db';
import type { TCreateStudentInput } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import { actorOf } from '../../audit';
import {
  admissionNoTakenMessage,
  assertAdmissionNoFree,
  assertEnrolment,
  assertReferenceIds,
  type DepartmentContext,
  isUniqueViolation,
  studentRow,
} from './shared';

export function createHandler({ ctx, input }: { ctx: DepartmentContext; input: TCreateStudentInput }) {
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
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: admissionNoTakenMessage(input.admissionNo) });
    throw error;
  }
}
