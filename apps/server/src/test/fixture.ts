/**
 * A small, known data set on top of the harness: in UG (100) a BA English batch with two fee heads,
 * a student with a discount and one live receipt; in PG (101) a batch and a student. Inserted with
 * plain rows so every domain's tests can start from it; figures are in paise.
 */
import {
  batches,
  type Database,
  discounts,
  feeHeads,
  feeStructures,
  receiptLines,
  receiptPayments,
  receiptNumberSequence,
  receipts,
  settings,
  students,
  transaction,
} from '@fees/db';
import { paiseToRupeesText, type ZCreateReceiptInput } from '@fees/validation';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';

export interface Fixture {
  ug: {
    depId: 100;
    courseId: 1003;
    batchId: number;
    studentId: number;
    admissionNo: string;
    receiptNumber: number;
    receiptId: number;
    discountId: number;
    feeStructureIds: number[];
  };
  pg: { depId: 101; courseId: 2000; batchId: number; studentId: number; admissionNo: string };
  /** Library Fee is a seeded head outside the fixture's fee structure. */
  heads: { tuition: number; exam: number; library: number };
}

export const FIXTURE_AMOUNTS = {
  tuition: 25_000_00,
  exam: 1_500_00,
  tuitionDiscount: 2_000_00,
  tuitionAdjustment: 500_00,
  paidTuition: 10_000_00,
};

/**
 * A discount as a clerk enters it for the fixture's UG student: 300.00 off the Exam Fee and 50.25 adjusted, noted
 * "Sports quota" and confirmed; `overrides` changes any field (or adds the id and version of an edit).
 */
export function discountInput<T extends object = object>(fixture: Fixture, overrides: T = {} as T) {
  return {
    depId: fixture.ug.depId,
    courseId: fixture.ug.courseId,
    batchId: fixture.ug.batchId,
    studentId: fixture.ug.studentId,
    feeHeadId: fixture.heads.exam,
    discount: '300',
    adjustment: '50.25',
    note: 'Sports quota',
    confirm: true,
    ...overrides,
  };
}

/** A new receipt as the counter's form sends it: amounts in rupees as text, before the server parses them. */
export type ReceiptRequest = z.input<typeof ZCreateReceiptInput>;

/** One line of a receipt: the head, the paise paid on it and, if any, what the clerk wrote as its particulars. */
export type ReceiptLine = readonly [feeHeadId: number, paise: number, particulars?: string];

export type ReceiptOptions = Omit<Partial<ReceiptRequest>, 'items' | 'total' | 'tax' | 'net'> & {
  /** Whose receipt: the fixture's UG (default) or PG student, in that student's department. */
  of?: 'ug' | 'pg';
  date: string;
  lines: ReceiptLine[];
  /** GST charged on top of the lines, in paise. */
  taxPaise?: number;
};

/**
 * A confirmed cash receipt for the fixture's UG or PG student, its total and net the sum of `lines` (plus
 * `taxPaise`); any other field (student, mode and its details, allowOverpayment, ...) as given.
 */
export function receiptInput(fixture: Fixture, options: ReceiptOptions): ReceiptRequest {
  const { of = 'ug', date, lines, taxPaise = 0, ...rest } = options;
  const total = lines.reduce((sum, [, paise]) => sum + paise, 0);
  return {
    depId: fixture[of].depId,
    studentId: fixture[of].studentId,
    date,
    items: lines.map(([feeHeadId, paise, particulars = '']) => ({
      feeHeadId,
      particulars,
      amount: paiseToRupeesText(paise),
    })),
    paymentMode: 'cash',
    total: paiseToRupeesText(total),
    tax: paiseToRupeesText(taxPaise),
    net: paiseToRupeesText(total + taxPaise),
    confirm: true,
    ...rest,
  };
}

async function headId(db: Database, name: string): Promise<number> {
  const row = (await db.select({ id: feeHeads.id }).from(feeHeads).where(eq(feeHeads.name, name)).limit(1))[0];
  if (!row) throw new Error(`fee head ${name} missing from reference data`);
  return row.id;
}

export async function buildFixture(db: Database): Promise<Fixture> {
  const tuition = await headId(db, 'Tuition Fee');
  const exam = await headId(db, 'Exam Fee');
  const library = await headId(db, 'Library Fee');
  return transaction(db, async (tx) => {
    // The fixture's receipts are dated 2025: its clerks may date theirs up to ten years back (the app's default
    // is 62 days).
    await tx.update(settings).set({ backdateLimitDays: 3650 }).where(eq(settings.id, 1));
    const ugBatch = (
      await tx
        .insert(batches)
        .values({
          departmentId: 100,
          courseId: 1003,
          name: '2025-2028',
          startDate: '2025-06-01',
          endDate: '2028-03-31',
        })
        .returning()
    )[0]!;
    const pgBatch = (
      await tx
        .insert(batches)
        .values({
          departmentId: 101,
          courseId: 2000,
          name: '2025-2027',
          startDate: '2025-06-01',
          endDate: '2027-03-31',
        })
        .returning()
    )[0]!;
    const feeStructureIds = [
      (
        await tx
          .insert(feeStructures)
          .values({
            batchId: ugBatch.id,
            feeHeadId: tuition,
            amountPaise: FIXTURE_AMOUNTS.tuition,
            startDate: '2025-06-01',
            endDate: '2026-03-31',
          })
          .returning()
      )[0]!.id,
      (
        await tx
          .insert(feeStructures)
          .values({
            batchId: ugBatch.id,
            feeHeadId: exam,
            amountPaise: FIXTURE_AMOUNTS.exam,
            startDate: '2025-06-01',
            endDate: '2026-03-31',
          })
          .returning()
      )[0]!.id,
    ];
    await tx.insert(feeStructures).values({
      batchId: pgBatch.id,
      feeHeadId: tuition,
      amountPaise: 30_000_00,
      startDate: '2025-06-01',
      endDate: '2026-03-31',
    });
    const common = {
      admissionDate: '2025-06-10',
      dateOfBirth: '2007-04-02',
      gender: 'Female' as const,
      categoryId: 1,
      address: '12 Temple Road, Thrissur',
    };
    const ugStudent = (
      await tx
        .insert(students)
        .values({
          ...common,
          departmentId: 100,
          courseId: 1003,
          batchId: ugBatch.id,
          admissionNo: 'UG-001',
          capId: 'CAP001',
          name: 'Anjali Menon',
          phone: '9847000001',
        })
        .returning()
    )[0]!;
    const pgStudent = (
      await tx
        .insert(students)
        .values({
          ...common,
          departmentId: 101,
          courseId: 2000,
          batchId: pgBatch.id,
          admissionNo: 'PG-001',
          capId: 'CAP101',
          name: 'Rahul Nair',
        })
        .returning()
    )[0]!;
    const discount = (
      await tx
        .insert(discounts)
        .values({
          studentId: ugStudent.id,
          feeHeadId: tuition,
          discountPaise: FIXTURE_AMOUNTS.tuitionDiscount,
          adjustmentPaise: FIXTURE_AMOUNTS.tuitionAdjustment,
          note: 'Merit',
        })
        .returning()
    )[0]!;
    const seq = (
      await tx
        .update(receiptNumberSequence)
        .set({ lastNumber: sql`${receiptNumberSequence.lastNumber} + 1` })
        .where(eq(receiptNumberSequence.id, 1))
        .returning()
    )[0]!;
    const receipt = (
      await tx
        .insert(receipts)
        .values({
          number: seq.lastNumber,
          departmentId: 100,
          courseId: 1003,
          batchId: ugBatch.id,
          studentId: ugStudent.id,
          date: '2025-07-01',
          studentName: ugStudent.name,
          address: ugStudent.address,
          phone: ugStudent.phone,
          totalPaise: FIXTURE_AMOUNTS.paidTuition,
          taxRateBasisPoints: 0,
          taxPaise: 0,
          netPaise: FIXTURE_AMOUNTS.paidTuition,
          paymentMode: 'cash',
        })
        .returning()
    )[0]!;
    await tx.insert(receiptPayments).values({
      receiptId: receipt.id,
      partNo: 1,
      paymentMode: 'cash',
      amountPaise: FIXTURE_AMOUNTS.paidTuition,
      taxPaise: 0,
    });
    await tx.insert(receiptLines).values({
      receiptId: receipt.id,
      lineNo: 1,
      studentId: ugStudent.id,
      feeHeadId: tuition,
      particulars: 'First instalment',
      amountPaise: FIXTURE_AMOUNTS.paidTuition,
    });
    return {
      ug: {
        depId: 100,
        courseId: 1003,
        batchId: ugBatch.id,
        studentId: ugStudent.id,
        admissionNo: ugStudent.admissionNo,
        receiptNumber: receipt.number,
        receiptId: receipt.id,
        discountId: discount.id,
        feeStructureIds,
      },
      pg: {
        depId: 101,
        courseId: 2000,
        batchId: pgBatch.id,
        studentId: pgStudent.id,
        admissionNo: pgStudent.admissionNo,
      },
      heads: { tuition, exam, library },
    };
  });
}
