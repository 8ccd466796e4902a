import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { students } from '../schema';

/** The students of one batch, ordered by admission number (fee setup, discounts, reports). */
export function listStudentsByBatch(db: DbOrTx, params: { batchId: number }) {
  return db
    .select({
      id: students.id,
      admissionNo: students.admissionNo,
      name: students.name,
      capId: students.capId,
      phone: students.phone,
      admissionDate: students.admissionDate,
    })
    .from(students)
    .where(eq(students.batchId, params.batchId))
    .orderBy(asc(students.admissionNo))
    .all();
}
