import {
  auditLog,
  batches,
  type Database,
  feeHeads,
  feeStructures,
  receiptLines,
  receiptNumberSequence,
  receipts,
  students,
} from '@fees/db';
import { failInserts, tableContents } from '@fees/db/testing';
import { MSG, paiseToRupeesText, type TCreateReceiptInput } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FIXTURE_AMOUNTS } from '../../test/fixture';
import { taxEveryHead, taxOfLines } from '../../test/gst';
import { useFixture, useHarness } from '../../test/use-harness';

const r = paiseToRupeesText;

const h = useHarness();
const fx = useFixture(h);

/** A receipt for the UG fixture student with the given lines (paise), totals at GST 0 unless told. */
function receiptInput(
  lines: Array<[headId: number, paise: number]>,
  extra: Partial<Record<keyof TCreateReceiptInput, unknown>> = {},
  rateBp = 0,
) {
  const total = lines.reduce((sum, [, paise]) => sum + paise, 0);
  const tax = taxOfLines(
    lines.map(([, paise]) => paise),
    rateBp,
  );
  return {
    depId: 100,
    studentId: fx.ug.studentId,
    date: '2025-08-01',
    items: lines.map(([feeHeadId, paise], i) => ({ feeHeadId, particulars: `Line ${i + 1}`, amount: r(paise) })),
    paymentMode: 'cash',
    total: r(total),
    tax: r(tax),
    net: r(total + tax),
    confirm: true,
    ...extra,
  } as TCreateReceiptInput;
}

async function counts(db: Database) {
  return {
    receipts: (await db.select({ n: count() }).from(receipts).limit(1))[0]!.n,
    lines: (await db.select({ n: count() }).from(receiptLines).limit(1))[0]!.n,
    audit: (await db.select({ n: count() }).from(auditLog).limit(1))[0]!.n,
    sequence: (await db.select().from(receiptNumberSequence).limit(1))[0]!.lastNumber,
  };
}

async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) {
      const cause = error.cause as { issues?: Array<{ message: string }> } | undefined;
      return { code: error.code, message: cause?.issues?.[0]?.message ?? error.message };
    }
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('balances', () => {
  it('gives fee, discount, adjustment, paid and balance per head of the batch, and totals', async () => {
    const info = await h.caller('ugStaff').receipts.feeInfo({ depId: 100, studentId: fx.ug.studentId });
    const A = FIXTURE_AMOUNTS;
    expect(info.rows).toEqual([
      {
        feeHeadId: fx.heads.tuition,
        feeHead: 'Tuition Fee',
        feePaise: A.tuition,
        discountPaise: A.tuitionDiscount,
        adjustmentPaise: A.tuitionAdjustment,
        totalDiscountPaise: A.tuitionDiscount + A.tuitionAdjustment,
        sponsoredPaise: 0,
        paidPaise: A.paidTuition,
        balancePaise: A.tuition - A.tuitionDiscount - A.tuitionAdjustment - A.paidTuition,
      },
      {
        feeHeadId: fx.heads.exam,
        feeHead: 'Exam Fee',
        feePaise: A.exam,
        discountPaise: 0,
        adjustmentPaise: 0,
        totalDiscountPaise: 0,
        sponsoredPaise: 0,
        paidPaise: 0,
        balancePaise: A.exam,
      },
    ]);
    expect(info.totals).toEqual({
      feePaise: A.tuition + A.exam,
      discountPaise: A.tuitionDiscount,
      adjustmentPaise: A.tuitionAdjustment,
      totalDiscountPaise: A.tuitionDiscount + A.tuitionAdjustment,
      sponsoredPaise: 0,
      paidPaise: A.paidTuition,
      balancePaise: A.tuition + A.exam - A.tuitionDiscount - A.tuitionAdjustment - A.paidTuition,
    });
  });

  it('entry context: student header, heads with balances and the taxable heads, by admission number', async () => {
    await taxEveryHead(h.db, 1800);
    const ctx = await h.caller('ugStaff').receipts.entryContext({ depId: 100, admissionNo: 'UG-001' });
    expect(ctx.student).toMatchObject({
      id: fx.ug.studentId,
      admissionNo: 'UG-001',
      name: 'Anjali Menon',
      address: '12 Temple Road, Thrissur',
      phone: '9847000001',
      courseId: 1003,
      courseName: 'BA English',
      batchId: fx.ug.batchId,
      batchName: '2025-2028',
      departmentName: 'Arts and Science UG',
    });
    expect(ctx.heads.map((x) => [x.feeHead, x.balancePaise])).toEqual([
      ['Tuition Fee', 12_500_00],
      ['Exam Fee', 1_500_00],
      ['Advance', 0],
    ]);
    expect(ctx.taxes).toContainEqual({ feeHeadId: fx.heads.tuition, rateBasisPoints: 1800, code: '999293' });
    expect(ctx.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a student of another department, and an unknown admission number', async () => {
    expect(
      await refusal(h.caller('ugStaff').receipts.feeInfo({ depId: 100, studentId: fx.pg.studentId })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await refusal(h.caller('ugStaff').receipts.entryContext({ depId: 100, admissionNo: 'PG-001' })),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('receipts.searchStudents', () => {
  it('finds by name, admission number or capId within the course, grouped by batch', async () => {
    const second = (
      await h.db
        .insert(batches)
        .values({
          departmentId: 100,
          courseId: 1003,
          name: '2024-2027',
          startDate: '2024-06-01',
          endDate: '2027-03-31',
        })
        .returning()
    )[0]!;
    const common = {
      departmentId: 100,
      courseId: 1003,
      admissionDate: '2024-06-10',
      dateOfBirth: '2006-01-01',
      gender: 'Male' as const,
      categoryId: 1,
      address: 'Main Road',
    };
    await h.db.insert(students).values([
      { ...common, batchId: second.id, admissionNo: 'UG-100', capId: 'CAP100', name: 'Arjun Das' },
      { ...common, batchId: fx.ug.batchId, admissionNo: 'UG-101', capId: 'XYZ', name: 'Meera K' },
      { ...common, courseId: 1000, batchId: second.id, admissionNo: 'UG-102', capId: 'CAP102', name: 'Other Course' },
    ]);
    const ug = h.caller('ugStaff').receipts;
    const all = await ug.searchStudents({ depId: 100, courseId: 1003, text: '' });
    expect(all.batches.map((b) => [b.batchName, b.students.map((s) => s.admissionNo)])).toEqual([
      ['2025-2028', ['UG-001', 'UG-101']],
      ['2024-2027', ['UG-100']],
    ]);
    expect((await ug.searchStudents({ depId: 100, courseId: 1003, text: 'anjali' })).count).toBe(1);
    expect((await ug.searchStudents({ depId: 100, courseId: 1003, text: 'ug-10' })).count).toBe(2);
    expect((await ug.searchStudents({ depId: 100, courseId: 1003, text: 'xyz' })).batches[0]?.students[0]?.name).toBe(
      'Meera K',
    );
    expect((await ug.searchStudents({ depId: 100, courseId: 1003, text: '%' })).count).toBe(0);
  });

  it("says 'required' without a course and refuses another department's course", async () => {
    const ug = h.caller('ugStaff').receipts;
    expect(await refusal(ug.searchStudents({ depId: 100, courseId: '' as unknown as number, text: 'a' }))).toEqual({
      code: 'BAD_REQUEST',
      message: MSG.requiredLower,
    });
    expect(await refusal(ug.searchStudents({ depId: 100, courseId: 2000, text: '' }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('receipts.findStudents', () => {
  it('searches the whole department by name, admission number, capId or phone, the exact admission number first', async () => {
    const common = {
      departmentId: 100,
      batchId: fx.ug.batchId,
      admissionDate: '2024-06-10',
      dateOfBirth: '2006-01-01',
      gender: 'Male' as const,
      categoryId: 1,
      address: 'Main Road',
    };
    const other = (
      await h.db
        .insert(batches)
        .values({ departmentId: 100, courseId: 1000, name: 'BSc 2025', startDate: '2025-06-01', endDate: '2028-03-31' })
        .returning()
    )[0]!;
    await h.db.insert(students).values([
      { ...common, courseId: 1003, admissionNo: 'UG-0011', capId: 'CAP900', name: 'Aaron Bose', phone: '9000000002' },
      {
        ...common,
        courseId: 1000,
        batchId: other.id,
        admissionNo: 'ug-01',
        capId: 'CAP901',
        name: 'Zara Thomas',
        phone: '9000000003',
      },
    ]);
    const ug = h.caller('ugStaff').receipts;
    const names = (found: { students: Array<{ name: string }> }) => found.students.map((s) => s.name);

    // 'UG-001' is Anjali's admission number exactly (any case): she comes first, then the other matches by name.
    const byAdmission = await ug.findStudents({ depId: 100, text: 'ug-001' });
    expect(byAdmission.exact).toBe(true);
    expect(names(byAdmission)).toEqual(['Anjali Menon', 'Aaron Bose']);
    expect(byAdmission.students[0]).toMatchObject({
      admissionNo: 'UG-001',
      courseId: 1003,
      courseName: 'BA English',
      batchName: '2025-2028',
      phone: '9847000001',
    });
    // Across courses; the course filter narrows.
    const ug0 = await ug.findStudents({ depId: 100, text: 'UG-0' });
    expect([ug0.exact, names(ug0)]).toEqual([false, ['Aaron Bose', 'Anjali Menon', 'Zara Thomas']]);
    expect(names(await ug.findStudents({ depId: 100, text: 'UG-0', courseId: 1000 }))).toEqual(['Zara Thomas']);
    expect(await ug.findStudents({ depId: 100, text: 'UG-01' })).toMatchObject({
      exact: true,
      students: [{ name: 'Zara Thomas' }],
    });
    expect(await ug.findStudents({ depId: 100, text: 'UG-01', courseId: 1003 })).toMatchObject({
      exact: false,
      students: [],
    });
    expect(names(await ug.findStudents({ depId: 100, text: 'menon' }))).toEqual(['Anjali Menon']);
    expect(names(await ug.findStudents({ depId: 100, text: 'cap90' }))).toEqual(['Aaron Bose', 'Zara Thomas']);
    expect(names(await ug.findStudents({ depId: 100, text: '00000003' }))).toEqual(['Zara Thomas']);
    expect(names(await ug.findStudents({ depId: 100, text: '%' }))).toEqual([]);
    // Another department's students never show.
    expect(names(await ug.findStudents({ depId: 100, text: 'Rahul' }))).toEqual([]);
  });

  it('stops at 20 students and says so', async () => {
    const common = {
      departmentId: 100,
      courseId: 1003,
      batchId: fx.ug.batchId,
      admissionDate: '2024-06-10',
      dateOfBirth: '2006-01-01',
      gender: 'Female' as const,
      categoryId: 1,
      address: 'Main Road',
    };
    await h.db.insert(students).values(
      Array.from({ length: 25 }, (_, i) => ({
        ...common,
        admissionNo: `MANY-${i}`,
        capId: `M${i}`,
        name: `Many ${String(i).padStart(2, '0')}`,
      })),
    );
    const found = await h.caller('ugStaff').receipts.findStudents({ depId: 100, text: 'many' });
    expect([found.students.length, found.truncated, found.students[0]?.name]).toEqual([20, true, 'Many 00']);
  });

  it('needs text, refuses another department and its courses', async () => {
    const ug = h.caller('ugStaff').receipts;
    expect(await refusal(ug.findStudents({ depId: 100, text: ' ' }))).toEqual({
      code: 'BAD_REQUEST',
      message: MSG.required,
    });
    expect(await refusal(ug.findStudents({ depId: 100, text: 'a', courseId: 2000 }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await refusal(ug.findStudents({ depId: 101, text: 'PG-001' }))).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('receipts.create', () => {
  it('recomputes the totals with the GST rate, allocates the next number and writes master, lines and audit', async () => {
    await taxEveryHead(h.db, 1800);
    // 18% per line: 12,345.67 -> 2,222.2206 -> 2,222.22; 1,000.00 -> 180.00; GST 2,402.22 on 13,345.67
    const input = receiptInput(
      [
        [fx.heads.tuition, 12_345_67],
        [fx.heads.exam, 1_000_00],
      ],
      { paymentMode: 'upi', paymentReference: 'UPI-7781', allowOverpayment: true },
      1800,
    );
    const created = await h.caller('ugStaff').receipts.create(input);
    expect(created).toMatchObject({
      number: fx.ug.receiptNumber + 1,
      totalPaise: 13_345_67,
      taxRateBasisPoints: 1800,
      taxPaise: 2_402_22,
      netPaise: 15_747_89,
    });

    const shown = await h.caller('ugStaff').receipts.byNumber({ number: created.number });
    expect(shown.receipt).toMatchObject({
      number: created.number,
      status: 'live',
      date: '2025-08-01',
      departmentName: 'Arts and Science UG',
      courseName: 'BA English',
      batchName: '2025-2028',
      admissionNo: 'UG-001',
      studentName: 'Anjali Menon',
      phone: '9847000001',
      paymentMode: 'upi',
      paymentReference: 'UPI-7781',
      createdByEmail: 'ug@test.local',
    });
    const gst = { taxRateBasisPoints: 1800, gstCode: '999293' };
    expect(shown.lines).toEqual([
      {
        lineNo: 1,
        feeHeadId: fx.heads.tuition,
        feeHead: 'Tuition Fee',
        particulars: 'Line 1',
        amountPaise: 12_345_67,
        ...gst,
        taxPaise: 2_222_22,
      },
      {
        lineNo: 2,
        feeHeadId: fx.heads.exam,
        feeHead: 'Exam Fee',
        particulars: 'Line 2',
        amountPaise: 1_000_00,
        ...gst,
        taxPaise: 180_00,
      },
    ]);
    expect(shown.taxByRate).toEqual([{ rateBasisPoints: 1800, taxablePaise: 13_345_67, taxPaise: 2_402_22 }]);
    expect(shown.letterhead.institutionName).toBe('Arts and Science College');

    const audit = await h.db.select().from(auditLog).where(eq(auditLog.entity, 'receipt'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', entityId: String(created.number), userEmail: 'ug@test.local' });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({
      netPaise: 15_747_89,
      lines: [{ amountPaise: 12_345_67 }, { amountPaise: 1_000_00 }],
    });
  });

  it('a receipt that fails at its first or its last write leaves nothing behind and no gap in the numbers', async () => {
    // The lines are written before the receipt is complete, the audit row last.
    for (const table of ['receipt_lines', 'audit_log']) {
      const before = await tableContents(h.db);
      const restore = await failInserts(h.db, table, 'the disk is full');
      try {
        await expect(h.caller('ugStaff').receipts.create(receiptInput([[fx.heads.tuition, 500_00]]))).rejects.toThrow(
          TRPCError,
        );
      } finally {
        await restore();
      }
      expect(await tableContents(h.db)).toBe(before);
    }
    const created = await h.caller('ugStaff').receipts.create(receiptInput([[fx.heads.tuition, 500_00]]));
    expect(created.number).toBe(fx.ug.receiptNumber + 1);
    const shown = await h.caller('ugStaff').receipts.byNumber({ number: created.number });
    expect(shown.lines).toMatchObject([{ feeHeadId: fx.heads.tuition, amountPaise: 500_00 }]);
  });

  it('takes phone and email from the form, or the student when left out', async () => {
    const withContact = await h
      .caller('ugStaff')
      .receipts.create(receiptInput([[fx.heads.exam, 100_00]], { phone: '0487 2333', email: 'Parent@Mail.com' }));
    const without = await h.caller('ugStaff').receipts.create(receiptInput([[fx.heads.exam, 100_00]]));
    const a = await h.caller('ugStaff').receipts.byNumber({ number: withContact.number });
    const b = await h.caller('ugStaff').receipts.byNumber({ number: without.number });
    expect([a.receipt.phone, a.receipt.email]).toEqual(['0487 2333', 'parent@mail.com']);
    expect([b.receipt.phone, b.receipt.email]).toEqual(['9847000001', null]);
  });

  describe('refusals write nothing', () => {
    const cases: Array<[string, () => Promise<unknown>, string | RegExp]> = [
      [
        'a tampered total',
        () =>
          h
            .caller('ugStaff')
            .receipts.create(receiptInput([[fx.heads.exam, 500_00]], { total: '400.00', net: '400.00' })),
        /The totals do not match the lines: total 500\.00/,
      ],
      [
        'a tampered GST',
        () =>
          h.caller('ugStaff').receipts.create(receiptInput([[fx.heads.exam, 500_00]], { tax: '1.00', net: '501.00' })),
        /do not match/,
      ],
      [
        'an unknown fee head',
        () => h.caller('ugStaff').receipts.create(receiptInput([[9999, 500_00]])),
        'Unknown fee head (id 9999)',
      ],
      [
        'a fee head of another batch',
        async () => {
          const library = (await h.db.select().from(feeHeads).where(eq(feeHeads.name, 'Library Fee')).limit(1))[0]!;
          await h.db.insert(feeStructures).values({
            batchId: fx.pg.batchId,
            feeHeadId: library.id,
            amountPaise: 1000_00,
            startDate: '2025-06-01',
            endDate: '2026-03-31',
          });
          return h.caller('ugStaff').receipts.create(receiptInput([[library.id, 500_00]]));
        },
        'Library Fee is not in the fee structure of batch 2025-2028',
      ],
      [
        'an amount with 3 decimals',
        () =>
          h
            .caller('ugStaff')
            .receipts.create(
              receiptInput([[fx.heads.exam, 500_00]], { items: [{ feeHeadId: fx.heads.exam, amount: '500.001' }] }),
            ),
        MSG.amountFormat,
      ],
      [
        'an amount of 0',
        () =>
          h
            .caller('ugStaff')
            .receipts.create(
              receiptInput([[fx.heads.exam, 500_00]], { items: [{ feeHeadId: fx.heads.exam, amount: '0' }] }),
            ),
        MSG.required,
      ],
      [
        'no lines',
        () => h.caller('ugStaff').receipts.create(receiptInput([[fx.heads.exam, 500_00]], { items: [] })),
        MSG.itemsRequired,
      ],
      [
        'particulars over 50',
        () =>
          h.caller('ugStaff').receipts.create(
            receiptInput([[fx.heads.exam, 500_00]], {
              items: [{ feeHeadId: fx.heads.exam, particulars: 'x'.repeat(51), amount: '500' }],
            }),
          ),
        MSG.particularsMax,
      ],
      [
        'a missing fee head',
        () =>
          h
            .caller('ugStaff')
            .receipts.create(receiptInput([[fx.heads.exam, 500_00]], { items: [{ feeHeadId: null, amount: '500' }] })),
        MSG.required,
      ],
      [
        'no Confirm',
        () => h.caller('ugStaff').receipts.create(receiptInput([[fx.heads.exam, 500_00]], { confirm: false })),
        MSG.required,
      ],
      [
        'no receipt date',
        () => h.caller('ugStaff').receipts.create(receiptInput([[fx.heads.exam, 500_00]], { date: '' })),
        MSG.required,
      ],
      [
        'UPI without a reference',
        () => h.caller('ugStaff').receipts.create(receiptInput([[fx.heads.exam, 500_00]], { paymentMode: 'upi' })),
        MSG.paymentReferenceRequired,
      ],
      [
        'an unknown payment mode',
        () => h.caller('ugStaff').receipts.create(receiptInput([[fx.heads.exam, 500_00]], { paymentMode: 'barter' })),
        MSG.required,
      ],
      [
        "another department's student (own department id)",
        () =>
          h
            .caller('ugStaff')
            .receipts.create(receiptInput([[fx.heads.tuition, 500_00]], { studentId: fx.pg.studentId })),
        'This student belongs to another department',
      ],
      [
        "another department's student (their department id)",
        () =>
          h
            .caller('ugStaff')
            .receipts.create(receiptInput([[fx.heads.tuition, 500_00]], { depId: 101, studentId: fx.pg.studentId })),
        'This belongs to another department',
      ],
      [
        'more than the balance, unconfirmed',
        () => h.caller('ugStaff').receipts.create(receiptInput([[fx.heads.exam, 1_500_01]])),
        'Exam Fee: 1500.01 is more than the balance of 1500.00. Confirm the overpayment to save it.',
      ],
    ];
    it.each(cases)('%s', async (_name, call, message) => {
      const before = counts(h.db);
      const { message: got } = await refusal(call());
      if (typeof message === 'string') expect(got).toBe(message);
      else expect(got).toMatch(message);
      expect(counts(h.db)).toEqual(before);
    });
  });

  it('accepts paying more than the balance when the clerk confirmed it', async () => {
    const created = await h
      .caller('ugStaff')
      .receipts.create(receiptInput([[fx.heads.exam, 2_000_00]], { allowOverpayment: true }));
    const info = await h.caller('ugStaff').receipts.feeInfo({ depId: 100, studentId: fx.ug.studentId });
    expect(info.rows.find((x) => x.feeHeadId === fx.heads.exam)?.balancePaise).toBe(-500_00);
    expect(created.number).toBe(fx.ug.receiptNumber + 1);
  });

  it('an admin may issue for any department', async () => {
    const created = await h.caller('admin').receipts.create(receiptInput([[fx.heads.exam, 100_00]]));
    expect(created.number).toBe(2);
  });
});

describe('receipts.update and receipts.void', () => {
  it('edits keep the number and the GST each head was issued with; the audit log keeps before and after', async () => {
    await taxEveryHead(h.db, 500);
    const created = await h.caller('ugStaff').receipts.create(receiptInput([[fx.heads.exam, 1_000_00]], {}, 500));
    await taxEveryHead(h.db, 1800);
    const edited = await h.caller('ugStaff').receipts.update({
      ...receiptInput(
        [
          [fx.heads.exam, 1_200_00],
          [fx.heads.tuition, 300_00],
        ],
        {
          paymentMode: 'cheque',
          bank: 'State Bank of India',
          instrumentNo: '000123',
          instrumentDate: '2025-07-30',
          tax: '114.00',
          net: '1614.00',
        },
      ),
      number: created.number,
    });
    // Exam Fee keeps its 5% (1,200.00 -> 60.00); Tuition Fee, new to the receipt, is taxed at today's 18% (54.00).
    expect(edited).toMatchObject({
      number: created.number,
      totalPaise: 1_500_00,
      taxRateBasisPoints: 1800,
      taxPaise: 114_00,
      netPaise: 1_614_00,
    });
    const shown = await h.caller('ugStaff').receipts.byNumber({ number: created.number });
    expect(shown.lines.map((l) => [l.feeHead, l.amountPaise, l.taxRateBasisPoints, l.taxPaise])).toEqual([
      ['Exam Fee', 1_200_00, 500, 60_00],
      ['Tuition Fee', 300_00, 1800, 54_00],
    ]);
    expect(shown.taxByRate).toEqual([
      { rateBasisPoints: 500, taxablePaise: 1_200_00, taxPaise: 60_00 },
      { rateBasisPoints: 1800, taxablePaise: 300_00, taxPaise: 54_00 },
    ]);
    expect(shown.receipt).toMatchObject({
      paymentMode: 'cheque',
      paymentReference: '000123',
      bank: 'State Bank of India',
      instrumentNo: '000123',
      instrumentDate: '2025-07-30',
      chequeStatus: 'pending',
      taxRateBasisPoints: 1800,
    });
    const audit = (await h.db.select().from(auditLog).where(eq(auditLog.action, 'update')).limit(1))[0]!;
    expect(JSON.parse(audit.before!)).toMatchObject({ totalPaise: 1_000_00, lines: [{ amountPaise: 1_000_00 }] });
    expect(JSON.parse(audit.after!)).toMatchObject({
      totalPaise: 1_500_00,
      paymentMode: 'cheque',
      lines: [{ amountPaise: 1_200_00 }, { amountPaise: 300_00 }],
    });
  });

  it("an edit may keep a line at the receipt's own amount even when the balance is now 0", async () => {
    const created = await h.caller('ugStaff').receipts.create(receiptInput([[fx.heads.exam, 1_500_00]]));
    await h.caller('ugStaff').receipts.update({
      ...receiptInput([[fx.heads.exam, 1_500_00]], { date: '2025-08-02' }),
      number: created.number,
    });
    const { message } = await refusal(
      h.caller('ugStaff').receipts.update({ ...receiptInput([[fx.heads.exam, 1_500_01]]), number: created.number }),
    );
    expect(message).toBe('Exam Fee: 1500.01 is more than the balance of 1500.00. Confirm the overpayment to save it.');
  });

  it('a void keeps the number, counts nowhere, is audited, and cannot be edited or voided again', async () => {
    const ug = h.caller('ugStaff').receipts;
    const before = await ug.feeInfo({ depId: 100, studentId: fx.ug.studentId });
    const created = await ug.create(
      receiptInput([
        [fx.heads.exam, 700_00],
        [fx.heads.tuition, 800_00],
      ]),
    );
    const during = await ug.feeInfo({ depId: 100, studentId: fx.ug.studentId });
    expect(during.totals.paidPaise).toBe(before.totals.paidPaise + 1_500_00);
    expect(await ug.void({ number: created.number, reason: 'Wrong entry' })).toMatchObject({
      number: created.number,
      status: 'voided',
      message: 'Data deleted successfully',
    });
    expect(await ug.feeInfo({ depId: 100, studentId: fx.ug.studentId })).toEqual(before);

    const shown = await ug.byNumber({ number: created.number });
    expect(shown.receipt).toMatchObject({ status: 'voided', voidedByEmail: 'ug@test.local' });
    expect(shown.lines).toHaveLength(2);
    const audit = (await h.db.select().from(auditLog).where(eq(auditLog.action, 'void')).limit(1))[0]!;
    expect(JSON.parse(audit.before!)).toMatchObject({
      status: 'live',
      netPaise: 1_500_00,
      lines: [{ amountPaise: 700_00 }, { amountPaise: 800_00 }],
    });

    const edit = await refusal(ug.update({ ...receiptInput([[fx.heads.exam, 100_00]]), number: created.number }));
    expect(edit).toEqual({
      code: 'CONFLICT',
      message: `Receipt #000${created.number} has been voided and cannot be edited`,
    });
    expect(await refusal(ug.void({ number: created.number, reason: 'Wrong entry' }))).toEqual({
      code: 'CONFLICT',
      message: `Receipt #000${created.number} is already voided`,
    });
    const next = await ug.create(receiptInput([[fx.heads.exam, 100_00]]));
    expect(next.number).toBe(created.number + 1);
  });

  it('a void without a reason, or with one under 3 characters, is refused and changes nothing', async () => {
    const ug = h.caller('ugStaff').receipts;
    const created = await ug.create(receiptInput([[fx.heads.exam, 700_00]]));
    const message = 'Give a reason for the void (3 to 200 characters)';
    const noReason = { number: created.number } as unknown as Parameters<typeof ug.void>[0];
    for (const input of [
      noReason,
      { number: created.number, reason: 'no' },
      { number: created.number, reason: '  ab  ' },
      { number: created.number, reason: 'x'.repeat(201) },
    ]) {
      const error = await refusal(ug.void(input));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toContain(message);
    }
    expect((await ug.byNumber({ number: created.number })).receipt.status).toBe('live');
    expect(await h.db.select().from(auditLog).where(eq(auditLog.action, 'void'))).toHaveLength(0);
  });

  it('staff of another department can neither see, edit nor void a receipt; unknown numbers are NOT_FOUND', async () => {
    const pg = h.caller('pgStaff').receipts;
    expect(await refusal(pg.byNumber({ number: fx.ug.receiptNumber }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(pg.void({ number: fx.ug.receiptNumber, reason: 'Wrong entry' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(
      await refusal(
        pg.update({ ...receiptInput([[fx.heads.tuition, 100_00]]), depId: 101, number: fx.ug.receiptNumber }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(await refusal(h.caller('ugStaff').receipts.byNumber({ number: 424242 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Receipt #000424242 does not exist',
    });
    expect(
      (await h.db.select().from(receipts).where(eq(receipts.number, fx.ug.receiptNumber)).limit(1))[0]?.status,
    ).toBe('live');
  });

  it('an edit cannot move a receipt to another student', async () => {
    const common = {
      departmentId: 100,
      courseId: 1003,
      batchId: fx.ug.batchId,
      admissionDate: '2025-06-10',
      dateOfBirth: '2007-01-01',
      gender: 'Male' as const,
      categoryId: 1,
      address: 'x',
    };
    const other = (
      await h.db
        .insert(students)
        .values({ ...common, admissionNo: 'UG-002', capId: 'C2', name: 'Other' })
        .returning()
    )[0]!;
    const { message } = await refusal(
      h.caller('ugStaff').receipts.update({
        ...receiptInput([[fx.heads.exam, 100_00]], { studentId: other.id }),
        number: fx.ug.receiptNumber,
      }),
    );
    expect(message).toBe('A receipt cannot be moved to another student');
  });
});
