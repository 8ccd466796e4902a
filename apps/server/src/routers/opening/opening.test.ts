import { auditLog, findFeeHeadByName, openingBalances, row, students } from '@fees/db';
import { OPENING_INSTALMENT_NAME, PREVIOUS_DUES_HEAD } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import { eq, type SQL, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { today } from '../../config';
import { type ReceiptLine, receiptInput } from '../../test/fixture';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);
let previousDues: number;

beforeEach(async () => {
  previousDues = (await findFeeHeadByName(h.db, { name: PREVIOUS_DUES_HEAD }))!.id;
});

/** More students in UG's batch: admission numbers OB-0001, OB-0002, ... */
async function addStudents(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const no = `OB-${String(i + 1).padStart(4, '0')}`;
    ids.push(
      (
        await h.db
          .insert(students)
          .values({
            departmentId: 100,
            courseId: fx.ug.courseId,
            batchId: fx.ug.batchId,
            admissionNo: no,
            capId: `CAPOB${i + 1}`,
            name: `Student ${no}`,
            admissionDate: '2025-06-10',
            dateOfBirth: '2007-01-01',
            gender: 'Male',
            categoryId: 1,
            address: 'Main Road, Kochi',
          })
          .returning()
      )[0]!.id,
    );
  }
  return ids;
}

const file = (rows: string[]) => ['admissionNo,head,amount,note', ...rows].join('\r\n');
const input = (csv: string) => ({ depId: 100 as const, csv });
const openingCount = async () => (await h.db.select().from(openingBalances)).length;
const openingAudits = async () => await h.db.select().from(auditLog).where(eq(auditLog.entity, 'opening_balance'));

async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Sums straight from the raw tables for the students of UG's batch: the figures every report must agree with. */
async function rawSums() {
  const one = async (query: SQL) => (await row<{ v: number }>(h.db, query))!;
  const fee = (
    await one(sql`SELECT
      (SELECT COALESCE(SUM(fs.amount_paise), 0) FROM students s JOIN fee_structures fs ON fs.batch_id = s.batch_id WHERE s.batch_id = ${fx.ug.batchId})
    + (SELECT COALESCE(SUM(ob.amount_paise), 0) FROM opening_balances ob JOIN students s ON s.id = ob.student_id WHERE s.batch_id = ${fx.ug.batchId}) AS v`)
  ).v;
  const discount = (
    await one(sql`SELECT COALESCE(SUM(d.discount_paise + d.adjustment_paise), 0) AS v FROM discounts d JOIN students s ON s.id = d.student_id
      WHERE s.batch_id = ${fx.ug.batchId}`)
  ).v;
  const paid = (
    await one(sql`SELECT COALESCE(SUM(rl.amount_paise), 0) AS v FROM receipt_lines rl JOIN receipts r ON r.id = rl.receipt_id
      JOIN students s ON s.id = rl.student_id
      WHERE s.batch_id = ${fx.ug.batchId} AND r.status = 'live'
        AND (rl.fee_head_id IN (SELECT fee_head_id FROM fee_structures WHERE batch_id = s.batch_id)
          OR rl.fee_head_id IN (SELECT fee_head_id FROM opening_balances WHERE student_id = s.id))`)
  ).v;
  return { fee, discount, paid, balance: fee - discount - paid };
}

describe('opening balance import', () => {
  it('a 500-row file with three bad rows reports exactly those and writes nothing; the fixed file imports all 500 in one go', async () => {
    await addStudents(250);
    const good = (i: number) => [
      `OB-${String(i).padStart(4, '0')},Previous dues,${i}.50,2024-25 arrears`,
      `OB-${String(i).padStart(4, '0')},tuition fee,-${i},Advance paid in 2024-25`,
    ];
    const rows = Array.from({ length: 250 }, (_, i) => good(i + 1)).flat();
    const fixed = [...rows];
    rows[9] = 'OB-0005,Tuition Fee,12.345,';
    rows[120] = 'OB-9999,Previous dues,100,';
    rows[401] = 'OB-0201,Hostel Dues,100,';
    const admin = h.caller('admin');

    const preview = await admin.opening.importPreview(input(file(rows)));
    expect(preview).toMatchObject({ total: 500, valid: 497, invalid: 3 });
    expect(preview.rows.filter((r) => r.errors.length > 0).map((r) => [r.line, r.errors])).toEqual([
      [11, ['Amount: Not valid number with up to 2 decimal places (a minus sign for an advance)']],
      [122, ['Admission no: No student with admission no OB-9999 in this department']],
      [403, ["Head: 'Hostel Dues' is not a fee head; use an existing head or Previous dues"]],
    ]);
    expect(preview.rows[0]).toMatchObject({ line: 2, studentName: 'Student OB-0001', amountPaise: 150, errors: [] });

    expect(await refusal(admin.opening.importCommit(input(file(rows))))).toEqual({
      code: 'BAD_REQUEST',
      message: '3 of 500 rows are invalid (lines 11, 122, 403); nothing was imported',
    });
    expect(await openingCount()).toBe(0);
    expect(await openingAudits()).toHaveLength(0);

    const committed = await admin.opening.importCommit(input(file(fixed)));
    const dues = Array.from({ length: 250 }, (_, i) => (i + 1) * 100 + 50).reduce((a, b) => a + b, 0);
    const advances = Array.from({ length: 250 }, (_, i) => (i + 1) * 100).reduce((a, b) => a + b, 0);
    expect(committed).toEqual({
      Status: 'OK',
      imported: 500,
      dueDate: today(),
      duesPaise: dues,
      advancesPaise: advances,
    });
    expect(await openingCount()).toBe(500);
    expect(await openingAudits()).toHaveLength(500);
    expect(await row(h.db, sql`SELECT SUM(amount_paise) AS v FROM opening_balances`)).toEqual({ v: dues - advances });

    const again = await admin.opening.importPreview(input(file(fixed.slice(0, 1))));
    expect(again.rows[0]!.errors).toEqual([
      'Head: This student already has an opening balance on Previous dues; correct it under Opening balances',
    ]);
  });

  it('refuses what a clerk could send wrong with a 400 and a message', async () => {
    const admin = h.caller('admin');
    expect(await refusal(admin.opening.importPreview(input('admissionNo,amount\nUG-001,10')))).toEqual({
      code: 'BAD_REQUEST',
      message: "The file has no 'head' column; start from the template",
    });
    expect(await refusal(admin.opening.importPreview(input('admissionNo,head,amount,note')))).toMatchObject({
      message: 'The file has no opening balance rows',
    });
    const preview = await admin.opening.importPreview(
      input(
        file([
          'UG-001,Late fee,10,',
          'UG-001,Hostel Dues,10,',
          'UG-001,Previous dues,0,',
          'UG-001,Previous dues,,',
          `UG-001,Exam Fee,5,${'x'.repeat(101)}`,
          'PG-001,Previous dues,5,',
        ]),
      ),
    );
    expect(preview.rows.map((r) => r.errors)).toEqual([
      ["Head: 'Late fee' is not a fee head; use an existing head or Previous dues"],
      ["Head: 'Hostel Dues' is not a fee head; use an existing head or Previous dues"],
      ['Amount: An opening balance cannot be 0'],
      ['Amount: Required'],
      ['Note: Maximum 100 characters allowed'],
      ['Admission no: No student with admission no PG-001 in this department'],
    ]);
  });
});

/** A cash receipt dated today, as the form sends it (rupees as text). */
const receipt = (studentId: number, lines: ReceiptLine[]) => receiptInput(fx, { date: today(), lines, studentId });

describe('imported opening balances in every report', () => {
  it('adds to the head, is due on the import date, is collected at the counter, and every total equals the raw tables', async () => {
    const [second] = await addStudents(1);
    const admin = h.caller('admin');
    const ug = h.caller('ugStaff');
    await admin.opening.importCommit(
      input(
        file([
          'UG-001,Previous dues,1200.50,2024-25 arrears',
          'UG-001,Tuition Fee,300,Old tuition',
          'OB-0001,Previous dues,-500,Advance from 2024-25',
        ]),
      ),
    );

    const info = await ug.receipts.feeInfo({ depId: 100, studentId: fx.ug.studentId });
    expect(info.rows.map((r) => [r.feeHead, r.feePaise, r.balancePaise])).toEqual([
      ['Tuition Fee', 25_300_00, 12_800_00],
      ['Exam Fee', 1_500_00, 1_500_00],
      [PREVIOUS_DUES_HEAD, 1_200_50, 1_200_50],
    ]);
    expect(info.totals.balancePaise).toBe(15_500_50);
    const advance = await ug.receipts.feeInfo({ depId: 100, studentId: second! });
    expect(advance.rows.find((r) => r.feeHeadId === previousDues)).toMatchObject({
      feePaise: -500_00,
      balancePaise: -500_00,
    });
    expect(advance.totals.balancePaise).toBe(26_000_00);
    // An opening advance is a credit the student may be refunded or settle dues from.
    expect(await ug.refunds.studentAdvance({ depId: 100, studentId: second! })).toMatchObject({ advancePaise: 500_00 });
    expect(await ug.refunds.studentAdvance({ depId: 100, studentId: fx.ug.studentId })).toMatchObject({
      advancePaise: 0,
    });

    const dues = await ug.plans.studentDues({ depId: 100, studentId: fx.ug.studentId, asOf: today() });
    expect(dues.instalments.map((i) => [i.name, i.dueDate, i.due, i.outstanding])).toEqual([
      // The Tuition Fee concession comes off the last instalment first (the plans rule): the opening one's 300.
      ['Fees from 2025-06-01', '2025-06-01', 26_500_00, 14_300_00],
      [OPENING_INSTALMENT_NAME, today(), 1_500_50, 1_200_50],
    ]);
    expect(dues.outstanding).toBe(info.totals.balancePaise);
    expect(dues.heads.find((x) => x.feeHeadId === previousDues)).toMatchObject({
      feeHead: PREVIOUS_DUES_HEAD,
      balance: 1_200_50,
    });

    // The counter offers Previous dues pre-filled and takes it like any head.
    const entry = await ug.receipts.entryContext({ depId: 100, studentId: fx.ug.studentId });
    expect(entry.heads.find((x) => x.feeHeadId === previousDues)).toMatchObject({ balancePaise: 1_200_50 });
    await ug.receipts.create(receipt(fx.ug.studentId, [[previousDues, 1_200_50]]));
    const after = await ug.plans.studentDues({ depId: 100, studentId: fx.ug.studentId, asOf: today() });
    expect(after.instalments.find((i) => i.name === OPENING_INSTALMENT_NAME)).toMatchObject({
      paid: 1_200_50,
      outstanding: 0,
    });
    expect(await refusal(ug.receipts.create(receipt(fx.ug.studentId, [[previousDues, 1_00]])))).toMatchObject({
      code: 'CONFLICT',
    });
    const collections = await ug.reports.collections({ depId: 100, from: today(), to: today() });
    expect(collections.overall.byHead).toEqual([
      { feeHeadId: previousDues, feeHead: PREVIOUS_DUES_HEAD, amountPaise: 1_200_50 },
    ]);

    const statement = await ug.reports.statement({ depId: 100, studentId: fx.ug.studentId });
    const prev = statement.heads.find((x) => x.feeHeadId === previousDues)!;
    expect(prev).toMatchObject({ feePaise: 1_200_50, openingPaise: 1_200_50, paidPaise: 1_200_50, balancePaise: 0 });
    expect(prev.payments.map((p) => p.amountPaise)).toEqual([1_200_50]);
    expect(statement.heads.find((x) => x.feeHeadId === fx.heads.tuition)).toMatchObject({
      feePaise: 25_300_00,
      openingPaise: 300_00,
    });

    const raw = await rawSums();
    const report = await ug.reports.dues({
      depId: 100,
      courseId: fx.ug.courseId,
      batchId: fx.ug.batchId,
      includeSettled: true,
    });
    expect(report.totals).toEqual({
      count: 2,
      feePaise: raw.fee,
      discountPaise: raw.discount,
      sponsoredPaise: 0,
      paidPaise: raw.paid,
      balancePaise: raw.balance,
    });
    const feeReport = await ug.reports.studentFeeInfo({ depId: 100, courseId: fx.ug.courseId, batchId: fx.ug.batchId });
    expect(feeReport.totals).toMatchObject({ feePaise: raw.fee, finalFeePaise: raw.fee - raw.discount });
    const asOf = await ug.reports.duesAsOf({
      depId: 100,
      courseId: fx.ug.courseId,
      batchId: fx.ug.batchId,
      asOf: today(),
    });
    expect(asOf.totals).toMatchObject({ outstanding: raw.balance, toCollect: raw.balance });
    const statements = await Promise.all(
      [fx.ug.studentId, second!].map((studentId) => ug.reports.statement({ depId: 100, studentId })),
    );
    expect(statements.reduce((s, x) => s + x.totals.balancePaise, 0)).toBe(raw.balance);
    const defaulters = await ug.reports.defaulters({ depId: 100, courseId: fx.ug.courseId, asOf: today() });
    expect(defaulters.rows.find((r) => r.studentId === fx.ug.studentId)).toMatchObject({ outstanding: 14_300_00 });
    const v2 = await ug.plans.dues({ depId: 100, asOf: today(), batchId: fx.ug.batchId });
    expect(v2.students.reduce((s, x) => s + x.outstanding, 0)).toBe(raw.balance);
  });

  it('an admin lists them and corrects one: audited, refused from a stale screen', async () => {
    const admin = h.caller('admin');
    await admin.opening.importCommit(input(file(['UG-001,Previous dues,1200.50,arrears'])));
    const list = await admin.opening.list({ depId: 100, batchId: fx.ug.batchId });
    expect(list.rows.map((r) => [r.admissionNo, r.feeHead, r.amountPaise, r.dueDate, r.note, r.version])).toEqual([
      ['UG-001', PREVIOUS_DUES_HEAD, 1_200_50, today(), 'arrears', 1],
    ]);
    expect(list).toMatchObject({ duesPaise: 1_200_50, advancesPaise: 0 });
    expect((await admin.opening.list({ depId: 101 })).rows).toEqual([]);

    const id = list.rows[0]!.id;
    const corrected = await admin.opening.update({
      depId: 100,
      id,
      version: 1,
      amount: '-250.25',
      note: 'Was an advance',
    });
    expect(corrected).toMatchObject({ amountPaise: -250_25, note: 'Was an advance', version: 2 });
    const audit = (await openingAudits()).filter((a) => a.action === 'update');
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before!)).toMatchObject({ amountPaise: 1_200_50 });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ amountPaise: -250_25 });

    expect(await refusal(admin.opening.update({ depId: 100, id, version: 1, amount: '10' }))).toMatchObject({
      code: 'CONFLICT',
    });
    expect(await refusal(admin.opening.update({ depId: 101, id, version: 2, amount: '10' }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await refusal(admin.opening.update({ depId: 100, id, version: 2, amount: '0' }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    const info = await admin.receipts.feeInfo({ depId: 100, studentId: fx.ug.studentId });
    expect(info.rows.find((r) => r.feeHeadId === previousDues)).toMatchObject({ balancePaise: -250_25 });
  });

  it('an admin removes one imported for the wrong student (audited); a student with opening balances is not deleted until then', async () => {
    const [student] = await addStudents(1);
    const admin = h.caller('admin');
    await admin.opening.importCommit(input(file(['OB-0001,Previous dues,800,Wrong student'])));
    const [row] = (await admin.opening.list({ depId: 100 })).rows;

    expect(await refusal(h.caller('ugStaff').students.remove({ depId: 100, id: student! }))).toEqual({
      code: 'CONFLICT',
      message:
        'Student OB-0001 (OB-0001) cannot be deleted: 1 opening balance from the old books is on record. Remove it under Opening balances first.',
    });
    expect(await refusal(admin.opening.remove({ depId: 100, id: row!.id, version: 2 }))).toMatchObject({
      code: 'CONFLICT',
    });
    expect(await admin.opening.remove({ depId: 100, id: row!.id, version: 1 })).toEqual({ id: row!.id });
    expect(await openingCount()).toBe(0);
    expect(JSON.parse((await openingAudits()).find((a) => a.action === 'delete')!.before!)).toMatchObject({
      admissionNo: 'OB-0001',
      amountPaise: 800_00,
    });
    expect(await h.caller('ugStaff').students.remove({ depId: 100, id: student! })).toMatchObject({
      Status: 'Success',
    });
  });

  it('balance checks of a discount or a fee structure change count the opening balance on the head', async () => {
    const admin = h.caller('admin');
    await admin.opening.importCommit(input(file(['UG-001,Tuition Fee,20000,Arrears'])));
    // Tuition: fee 25,000 + 20,000, discount 2,000 + 500, paid 10,000 + 30,000: balance 2,500.
    await h.caller('ugStaff').receipts.create(receipt(fx.ug.studentId, [[fx.heads.tuition, 30_000_00]]));
    const discount = {
      depId: 100 as const,
      courseId: fx.ug.courseId,
      batchId: fx.ug.batchId,
      studentId: fx.ug.studentId,
      feeHeadId: fx.heads.tuition,
      discount: '4000',
      adjustment: '500',
      confirm: true as const,
    };
    expect(await admin.discounts.update({ ...discount, id: fx.ug.discountId })).toMatchObject({ Result: 'SAVED' });
    expect(
      await refusal(admin.discounts.update({ ...discount, id: fx.ug.discountId, discount: '5000' })),
    ).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('below zero on Tuition Fee (lowest -500.00)'),
    });
    const [tuitionStructure] = fx.ug.feeStructureIds;
    const structure = {
      depId: 100 as const,
      id: tuitionStructure!,
      batchId: fx.ug.batchId,
      feeHeadId: fx.heads.tuition,
      startDate: '2025-06-01',
      endDate: '2026-03-31',
      confirm: true as const,
    };
    expect(await admin.fees.structures.update({ ...structure, amount: '24500' })).toMatchObject({ Result: 'SAVED' });
    expect(await refusal(admin.fees.structures.update({ ...structure, amount: '24000' }))).toMatchObject({
      code: 'CONFLICT',
    });
  });
});
