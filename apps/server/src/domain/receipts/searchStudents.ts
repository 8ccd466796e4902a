import { RECEIPT_SEARCH_LIMIT, type ReceiptSearchRow, searchReceiptStudents } from '@fees/db';
import { AppError, COURSES, type TSearchReceiptStudentsInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

export interface ReceiptSearchBatch {
  batchId: number;
  batchName: string;
  students: ReceiptSearchRow[];
}

/** Students of a course matching the text, grouped by batch (rows arrive ordered by batch). */
export async function searchStudentsForReceipt(ctx: AuthedContext, input: TSearchReceiptStudentsInput) {
  if (!COURSES.some((c) => c.id === input.courseId && c.departmentId === input.depId)) {
    throw new AppError('BAD_INPUT', 'This course is not offered by this department');
  }
  const rows = await searchReceiptStudents(ctx.db, {
    departmentId: input.depId,
    courseId: input.courseId,
    text: input.text,
  });
  const batches: ReceiptSearchBatch[] = [];
  for (const row of rows) {
    const last = batches.at(-1);
    if (last?.batchId === row.batchId) last.students.push(row);
    else batches.push({ batchId: row.batchId, batchName: row.batchName, students: [row] });
  }
  return { batches, count: rows.length, truncated: rows.length === RECEIPT_SEARCH_LIMIT };
}
