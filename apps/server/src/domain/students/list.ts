import { findCourse, listCourseStudentRows } from '@fees/db';
import { AppError, type TCourseStudentsInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

interface CourseListStudent {
  id: number;
  admissionNo: string;
  name: string;
  capId: string;
  phone: string | null;
  admissionDate: string;
}

interface CourseListBatch {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
  students: CourseListStudent[];
}

/** A course's batches, newest first, each with its students by admission number. */
export async function listStudents(ctx: AuthedContext, input: TCourseStudentsInput) {
  const course = await findCourse(ctx.db, input.courseId);
  if (!course || course.departmentId !== input.depId) {
    throw new AppError('NOT_FOUND', 'No such course in this department');
  }
  const batches: CourseListBatch[] = [];
  const byId = new Map<number, CourseListBatch>();
  for (const row of await listCourseStudentRows(ctx.db, { departmentId: input.depId, courseId: input.courseId })) {
    let batch = byId.get(row.batchId);
    if (!batch) {
      batch = {
        id: row.batchId,
        name: row.batchName,
        startDate: row.batchStartDate,
        endDate: row.batchEndDate,
        students: [],
      };
      byId.set(row.batchId, batch);
      batches.push(batch);
    }
    if (
      row.id !== null &&
      row.admissionNo !== null &&
      row.name !== null &&
      row.capId !== null &&
      row.admissionDate !== null
    ) {
      batch.students.push({
        id: row.id,
        admissionNo: row.admissionNo,
        name: row.name,
        capId: row.capId,
        phone: row.phone,
        admissionDate: row.admissionDate,
      });
    }
  }
  const total = batches.reduce((n, b) => n + b.students.length, 0);
  return { course: { id: course.id, name: course.name }, batches, total };
}
