/**
 * Generated data for the report tests, inserted as plain rows on top of the shared fixture: several
 * batches of UG BA English (one without a fee structure), students with and without discounts,
 * receipts with one to three lines, some with GST, some edited (lines replaced), some voided, dated
 * across July 2025 including its first and last day; plus other courses and PG so that nothing leaks.
 * A seeded generator makes every run the same.
 */
import {
  batches,
  type Database,
  discounts,
  feeHeads,
  feeStructures,
  PAYMENT_MODES,
  receiptLines,
  receiptPayments,
  receiptNumberSequence,
  receipts,
  students,
  transaction,
} from '@fees/db';
import { Random } from '@fees/validation/testing';
import { eq, sql } from 'drizzle-orm';
import type { Fixture } from './fixture';

export interface GeneratedData {
  /** Students of UG BA English, by batch. */
  ugStudentIds: number[];
  /** The batch of UG BA English with no fee structure. */
  emptyBatchId: number;
  voidedNumbers: number[];
  editedNumbers: number[];
  /** A student whose every head is paid in full (balance 0). */
  settledStudentId: number;
}

export const JULY = { from: '2025-07-01', to: '2025-07-31' };

export async function generateReportData(db: Database, fx: Fixture): Promise<GeneratedData> {
  const rnd = new Random(20250701);
  const headIds = await db.select({ id: feeHeads.id, name: feeHeads.name }).from(feeHeads);
  const head = (name: string) => headIds.find((h) => h.name === name)!.id;
  const heads = [head('Tuition Fee'), head('Exam Fee'), head('Library Fee'), head('Admission Fee')];
  const dates = ['2025-06-30', '2025-07-01', '2025-07-02', '2025-07-15', '2025-07-30', '2025-07-31', '2025-08-01'];

  return transaction(db, async (tx) => {
    const nextNumber = async () =>
      (
        await tx
          .update(receiptNumberSequence)
          .set({ lastNumber: sql`${receiptNumberSequence.lastNumber} + 1` })
          .where(eq(receiptNumberSequence.id, 1))
          .returning()
      )[0]!.lastNumber;

    const makeBatch = async (depId: number, courseId: number, name: string, structure: Array<[number, number]>) => {
      const batch = (
        await tx
          .insert(batches)
          .values({ departmentId: depId, courseId, name, startDate: '2024-06-01', endDate: '2027-03-31' })
          .returning()
      )[0]!;
      for (const [feeHeadId, amountPaise] of structure) {
        await tx
          .insert(feeStructures)
          .values({ batchId: batch.id, feeHeadId, amountPaise, startDate: '2025-06-01', endDate: '2026-03-31' });
      }
      return { ...batch, structure };
    };

    let admission = 100;
    const makeStudent = async (batch: { id: number; departmentId: number; courseId: number }, name: string) =>
      (
        await tx
          .insert(students)
          .values({
            departmentId: batch.departmentId,
            courseId: batch.courseId,
            batchId: batch.id,
            admissionNo: `A${admission++}`,
            capId: `CAP${admission}`,
            name,
            admissionDate: '2025-06-10',
            dateOfBirth: '2007-01-01',
            gender: 'Male',
            categoryId: 1,
            address: `${admission} Main Road, Kochi`,
          })
          .returning()
      )[0]!;

    const makeReceipt = async (
      student: { id: number; departmentId: number; courseId: number; batchId: number; name: string; address: string },
      lines: Array<[number, number]>,
      date: string,
      taxBp: number,
    ) => {
      const total = lines.reduce((s, [, amount]) => s + amount, 0);
      const tax = Math.round((total * taxBp) / 10000);
      const receipt = (
        await tx
          .insert(receipts)
          .values({
            number: await nextNumber(),
            departmentId: student.departmentId,
            courseId: student.courseId,
            batchId: student.batchId,
            studentId: student.id,
            date,
            studentName: student.name,
            address: student.address,
            totalPaise: total,
            taxRateBasisPoints: taxBp,
            taxPaise: tax,
            netPaise: total + tax,
            paymentMode: rnd.pick(PAYMENT_MODES),
          })
          .returning()
      )[0]!;
      await tx.insert(receiptPayments).values({
        receiptId: receipt.id,
        partNo: 1,
        paymentMode: receipt.paymentMode,
        amountPaise: receipt.netPaise,
        taxPaise: receipt.taxPaise,
      });
      for (const [i, [feeHeadId, amountPaise]] of lines.entries()) {
        await tx.insert(receiptLines).values({
          receiptId: receipt.id,
          lineNo: i + 1,
          studentId: student.id,
          feeHeadId,
          particulars: `Line ${i + 1}`,
          amountPaise,
        });
      }
      return receipt;
    };

    const ugBatches = [
      await makeBatch(100, 1003, '2024-2027', [
        [heads[0]!, 22_000_00],
        [heads[1]!, 1_250_50],
        [heads[2]!, 300_00],
      ]),
      await makeBatch(100, 1003, '2023-2026', [
        [heads[0]!, 20_000_00],
        [heads[3]!, 5_000_00],
      ]),
    ];
    const emptyBatch = await makeBatch(100, 1003, '2022-2025', []);
    const otherCourseBatch = await makeBatch(100, 1000, '2025-2028', [[heads[0]!, 30_000_00]]);
    const pgBatch = await makeBatch(101, 2000, '2024-2026', [[heads[0]!, 35_000_00]]);

    const voidedNumbers: number[] = [];
    const editedNumbers: number[] = [];
    const ugStudentIds: number[] = [];
    let settledStudentId = 0;

    for (const batch of [...ugBatches, otherCourseBatch, pgBatch]) {
      for (let i = 0; i < 6; i++) {
        const student = await makeStudent(batch, `Student ${batch.name} ${i}`);
        if (batch.courseId === 1003) ugStudentIds.push(student.id);
        if (i === 0 && batch.courseId === 1003 && settledStudentId === 0) {
          // Pays every head exactly (no discount), so the dues report leaves them out by default.
          await makeReceipt({ ...student, batchId: batch.id }, batch.structure, '2025-07-15', 0);
          settledStudentId = student.id;
          continue;
        }
        for (const [feeHeadId] of batch.structure) {
          if (rnd.next() < 0.4) {
            await tx.insert(discounts).values({
              studentId: student.id,
              feeHeadId,
              discountPaise: rnd.int(0, 2000) * 100 + rnd.int(0, 99),
              adjustmentPaise: rnd.int(0, 3) * 50_00,
            });
          }
        }
        const receiptsCount = rnd.int(0, 4);
        for (let r = 0; r < receiptsCount; r++) {
          const lineCount = rnd.int(1, Math.min(3, batch.structure.length));
          const lines = batch.structure
            .slice(0, lineCount)
            .map(([feeHeadId]) => [feeHeadId, rnd.int(1, 5000) * 100 + rnd.int(0, 99)] as [number, number]);
          const receipt = await makeReceipt(
            { ...student, batchId: batch.id },
            lines,
            rnd.pick(dates),
            rnd.next() < 0.3 ? 1800 : 0,
          );
          const fate = rnd.next();
          if (fate < 0.15) {
            await tx
              .update(receipts)
              .set({ status: 'voided', voidedAt: '2025-08-02T10:00:00.000Z' })
              .where(eq(receipts.id, receipt.id));
            voidedNumbers.push(receipt.number);
          } else if (fate < 0.3) {
            // An edit replaces the lines and the totals, as the receipts screen does.
            await tx.delete(receiptLines).where(eq(receiptLines.receiptId, receipt.id));
            const newLines = lines.map(([feeHeadId, amount]) => [feeHeadId, amount + 123_45] as [number, number]);
            for (const [k, [feeHeadId, amountPaise]] of newLines.entries()) {
              await tx.insert(receiptLines).values({
                receiptId: receipt.id,
                lineNo: k + 1,
                studentId: student.id,
                feeHeadId,
                particulars: 'Edited',
                amountPaise,
              });
            }
            const total = newLines.reduce((s, [, a]) => s + a, 0);
            const tax = Math.round((total * receipt.taxRateBasisPoints) / 10000);
            await tx
              .update(receipts)
              .set({ totalPaise: total, taxPaise: tax, netPaise: total + tax })
              .where(eq(receipts.id, receipt.id));
            await tx
              .update(receiptPayments)
              .set({ amountPaise: total + tax, taxPaise: tax })
              .where(eq(receiptPayments.receiptId, receipt.id));
            editedNumbers.push(receipt.number);
          }
        }
      }
    }
    const emptyStudent = await makeStudent(emptyBatch, 'Student without structure');
    ugStudentIds.push(emptyStudent.id);
    ugStudentIds.push(fx.ug.studentId);
    return { ugStudentIds, emptyBatchId: emptyBatch.id, voidedNumbers, editedNumbers, settledStudentId };
  });
}
