/**
 * What several route groups share: lookups from the
 * documented identifiers (admission numbers, batch ids) to the ids the procedures take. Lookups go
 * through procedures under the same session, so they are permission-checked like everything else.
 */
import { COURSES, servesEveryDepartment } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import type { AppCaller, WireFields } from '../route';

/** The documented clients read Message on a refusal too. */
export const withMessage = (message: string) => ({ Message: message });

/** The Confirm checkbox of the old screens is checked on the client; a REST caller may still send it. */
export const confirmed = (f: WireFields) => ({ confirm: f.confirm ?? f.chk1 ?? true });

/**
 * A lookup whose own input is invalid yields undefined: the main procedure then reports the
 * documented field as invalid, under its documented name. Other refusals (401, 403, 404) stand.
 */
async function lenient<T>(lookup: () => Promise<T>): Promise<T | undefined> {
  try {
    return await lookup();
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'BAD_REQUEST') return undefined;
    throw error;
  }
}

const present = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * The student id of an admission number in a department: undefined when none was sent, null when the one
 * sent is not a valid admission number (the procedure then refuses it, also where the student is optional).
 */
export async function studentIdOf(
  caller: AppCaller,
  depId: unknown,
  admissionNo: unknown,
): Promise<number | null | undefined> {
  if (!present(depId) || !present(admissionNo)) return undefined;
  const student = await lenient(() =>
    caller.students.byAdmissionNo({ depId: depId as number, admissionNo: String(admissionNo) }),
  );
  return student === undefined ? null : student.id;
}

/** The student (with their batch) of an admission number in a department. */
export async function studentOf(caller: AppCaller, depId: unknown, admissionNo: unknown) {
  if (!present(depId) || !present(admissionNo)) return undefined;
  return lenient(() => caller.students.byAdmissionNo({ depId: depId as number, admissionNo: String(admissionNo) }));
}

/**
 * The department a batch id belongs to, for paths that name only the batch: staff act in their
 * own department (the procedure then refuses a batch of another one); for an admin or an auditor, who
 * read every department, it is read from the batch.
 */
export async function departmentOfBatch(caller: AppCaller, batchId: unknown): Promise<number | undefined> {
  const me = await caller.auth.me();
  if (!servesEveryDepartment(me.role)) return me.departmentId ?? me.departmentIds[0];
  if (!present(batchId)) return undefined;
  const batch = await lenient(() => caller.batches.byId({ id: batchId as number }));
  return batch?.departmentId;
}

/** The department of a course id: fixed reference data. */
export function departmentOfCourse(courseId: unknown): number | undefined {
  return COURSES.find((c) => c.id === Number(courseId))?.departmentId;
}
