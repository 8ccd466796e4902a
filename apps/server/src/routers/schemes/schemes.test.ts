import {
  auditLog,
  categories,
  concessionSchemeMembers,
  discounts,
  openingBalances,
  receiptLines,
  receiptNumberSequence,
  receipts,
  rows,
  students,
} from '@fees/db';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_AMOUNTS } from '../../test/fixture';
import { refusal } from '../../test/refusal';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);
/** The 50 students of the fixture's UG batch: UG-001 (hand-typed tuition discount, 10,000.00 paid) and UG-002 ... UG-050. */
let batchStudents: number[];
let sc: number;
let general: number;

const T = FIXTURE_AMOUNTS.tuition; // 25,000.00
const E = FIXTURE_AMOUNTS.exam; // 1,500.00

async function categoryId(name: string) {
  return (await h.db.select().from(categories).where(eq(categories.name, name)).limit(1))[0]!.id;
}

async function addStudent(n: number, categoryIdOf: number) {
  const admissionNo = `UG-${String(n).padStart(3, '0')}`;
  return (
    await h.db
      .insert(students)
      .values({
        departmentId: 100,
        courseId: 1003,
        batchId: fx.ug.batchId,
        admissionNo,
        capId: `CAP-${admissionNo}`,
        name: `Student ${admissionNo}`,
        admissionDate: '2025-06-10',
        dateOfBirth: '2007-01-01',
        gender: 'Male',
        categoryId: categoryIdOf,
        address: 'Thrissur',
      })
      .returning()
  )[0]!.id;
}

/** A live cash receipt of one line, as plain rows (the triggers keep the paid totals). */
async function pay(studentId: number, feeHeadId: number, amountPaise: number) {
  const number = (
    await h.db
      .update(receiptNumberSequence)
      .set({ lastNumber: sql`${receiptNumberSequence.lastNumber} + 1` })
      .where(eq(receiptNumberSequence.id, 1))
      .returning()
  )[0]!.lastNumber;
  const s = (await h.db.select().from(students).where(eq(students.id, studentId)).limit(1))[0]!;
  const receipt = (
    await h.db
      .insert(receipts)
      .values({
        number,
        departmentId: 100,
        courseId: 1003,
        batchId: s.batchId,
        studentId,
        date: '2025-07-02',
        studentName: s.name,
        address: s.address,
        totalPaise: amountPaise,
        taxRateBasisPoints: 0,
        taxPaise: 0,
        netPaise: amountPaise,
        paymentMode: 'cash',
      })
      .returning()
  )[0]!;
  await h.db
    .insert(receiptLines)
    .values({ receiptId: receipt.id, lineNo: 1, studentId, feeHeadId, particulars: 'Fee', amountPaise });
}

beforeEach(async () => {
  sc = await categoryId('SC');
  general = await categoryId('General');
  // Every third student is SC: UG-003, UG-006, ... UG-048 (16 students).
  batchStudents = [fx.ug.studentId];
  for (let i = 0; i < 49; i++) batchStudents.push(await addStudent(i + 2, (i + 2) % 3 === 0 ? sc : general));
});

const admin = () => h.caller('admin');

/** RTE 25%: a quarter of the tuition for every batch of BA English, and 500.00 off the exam fee in the fixture's batch. */
async function createRte() {
  const { id } = await admin().schemes.create({
    name: 'RTE 25%',
    rules: [
      { kind: 'percent', feeHeadId: fx.heads.tuition, courseId: 1003, percent: '25' },
      { kind: 'fixed', feeHeadId: fx.heads.exam, courseId: 1003, batchId: fx.ug.batchId, amount: '500' },
    ],
  });
  return id;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Every report's totals for BA English against independent sums from the raw tables: fee from the
 * structures, discount + adjustment from discounts, paid from the lines of live receipts; the
 * concessions summary against the members and scheme-linked discounts.
 */
async function expectReportsAgreeWithRawTables() {
  const raw = await rows<{ id: number; fee: number; discount: number; paid: number }>(
    h.db,
    sql`
    SELECT s.id,
      (SELECT coalesce(sum(amount_paise), 0) FROM fee_structures WHERE batch_id = s.batch_id)
        + (SELECT coalesce(sum(amount_paise), 0) FROM opening_balances WHERE student_id = s.id) AS fee,
      (SELECT coalesce(sum(discount_paise + adjustment_paise), 0) FROM discounts WHERE student_id = s.id) AS discount,
      (SELECT coalesce(sum(l.amount_paise), 0) FROM receipt_lines l JOIN receipts r ON r.id = l.receipt_id
        WHERE l.student_id = s.id AND r.status = 'live') AS paid
    FROM students s WHERE s.course_id = 1003`,
  );
  const fee = sum(raw.map((r) => r.fee));
  const discount = sum(raw.map((r) => r.discount));
  const paid = sum(raw.map((r) => r.paid));
  const staff = h.caller('ugStaff');
  const dues = await staff.reports.dues({ depId: 100, courseId: 1003, includeSettled: true });
  expect(dues.totals).toEqual({
    count: raw.length,
    feePaise: fee,
    discountPaise: discount,
    sponsoredPaise: 0,
    paidPaise: paid,
    balancePaise: fee - discount - paid,
  });
  const info = await staff.reports.studentFeeInfo({ depId: 100, courseId: 1003 });
  expect(info.totals).toEqual({
    count: raw.length,
    feePaise: fee,
    discountPaise: discount,
    finalFeePaise: fee - discount,
  });
  const asOf = await staff.reports.duesAsOf({ depId: 100, courseId: 1003, asOf: '2099-12-31' });
  expect(asOf.totals.outstanding).toBe(fee - discount - paid);
  const statement = await staff.reports.statement({ depId: 100, studentId: fx.ug.studentId });
  const own = raw.find((r) => r.id === fx.ug.studentId)!;
  expect(statement?.totals).toMatchObject({
    feePaise: own.fee,
    paidPaise: own.paid,
    balancePaise: own.fee - own.discount - own.paid,
  });

  const summary = await staff.reports.concessions({ depId: 100, courseId: 1003 });
  const members = await rows<{ schemeId: number; n: number }>(
    h.db,
    sql`
    SELECT m.scheme_id AS "schemeId", count(*) AS n FROM concession_scheme_members m JOIN students s ON s.id = m.student_id
    WHERE s.course_id = 1003 GROUP BY m.scheme_id ORDER BY m.scheme_id`,
  );
  const linked = await rows<{ schemeId: number; feeHeadId: number; paise: number }>(
    h.db,
    sql`
    SELECT d.scheme_id AS "schemeId", d.fee_head_id AS "feeHeadId", sum(d.discount_paise) AS paise FROM discounts d
    JOIN students s ON s.id = d.student_id WHERE s.course_id = 1003 AND d.scheme_id IS NOT NULL GROUP BY d.scheme_id, d.fee_head_id`,
  );
  expect(summary.map((s) => [s.schemeId, s.students]).sort()).toEqual(members.map((m) => [m.schemeId, m.n]).sort());
  for (const scheme of summary) {
    const heads = linked.filter((l) => l.schemeId === scheme.schemeId);
    expect(scheme.heads.map((x) => [x.feeHeadId, x.discountPaise]).sort()).toEqual(
      heads.map((l) => [l.feeHeadId, l.paise]).sort(),
    );
    expect(scheme.totalPaise).toBe(sum(heads.map((l) => l.paise)));
  }
  return { fee, discount, paid };
}

async function discountOf(studentId: number, feeHeadId: number) {
  return (
    await h.db
      .select()
      .from(discounts)
      .where(and(eq(discounts.studentId, studentId), eq(discounts.feeHeadId, feeHeadId)))
      .limit(1)
  )[0];
}

describe('schemes: CRUD', () => {
  it('saves a scheme with its rules, lists it, refuses a second of the same name and a stale edit, deletes one nobody is in', async () => {
    const id = await createRte();
    expect(await admin().schemes.list()).toEqual([{ id, name: 'RTE 25%', version: 1, rules: 2, members: 0 }]);
    const scheme = await admin().schemes.byId({ id });
    expect(scheme.rules.map((r) => [r.feeHead, r.batch, r.percentBasisPoints, r.amountPaise])).toEqual([
      ['Tuition Fee', null, 2500, null],
      ['Exam Fee', '2025-2028', null, 500_00],
    ]);
    expect(
      await refusal(
        admin().schemes.create({
          name: 'RTE 25%',
          rules: [{ kind: 'percent', feeHeadId: fx.heads.exam, courseId: 1003, percent: '5' }],
        }),
      ),
    ).toEqual({
      code: 'CONFLICT',
      message: 'A scheme named RTE 25% exists already',
    });
    expect(
      await refusal(
        admin().schemes.create({
          name: 'Sibling',
          rules: [{ kind: 'fixed', feeHeadId: fx.heads.exam, courseId: 1003, batchId: fx.pg.batchId, amount: '5' }],
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: 'This batch is not a batch of BA English' });
    const rules = [{ kind: 'percent' as const, feeHeadId: fx.heads.tuition, courseId: 1003, percent: '30' }];
    await admin().schemes.update({ id, version: 1, name: 'RTE 30%', rules });
    expect((await refusal(admin().schemes.update({ id, version: 1, name: 'RTE', rules }))).code).toBe('CONFLICT');
    expect((await admin().schemes.byId({ id })).rules).toHaveLength(1);
    await admin().schemes.remove({ id });
    expect(await admin().schemes.list()).toEqual([]);
    expect((await h.db.select().from(auditLog).where(eq(auditLog.entity, 'scheme'))).map((a) => a.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });
});

describe('schemes: a percent and a fixed rule on a batch of 50', () => {
  it('joins by category, then in bulk keeping a hand-typed discount, replaces it when chosen, and leaves; the reports agree with the raw tables after each step', async () => {
    const before = await expectReportsAgreeWithRawTables();
    const schemeId = await createRte();
    const scStudents = await h.db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.batchId, fx.ug.batchId), eq(students.categoryId, sc)));
    expect(scStudents).toHaveLength(16);

    // By category: 16 SC students, 6,250.00 tuition (25% of 25,000.00) and 500.00 exam each.
    const byCategory = { schemeId, depId: 100 as const, batchId: fx.ug.batchId, categoryId: sc };
    const preview = await admin().schemes.preview(byCategory);
    expect(preview.totals).toEqual({
      students: 16,
      joining: 16,
      beforePaise: 0,
      afterPaise: 16 * (6_250_00 + 500_00),
      writes: 32,
      kept: 0,
      belowZero: 0,
    });
    expect(preview.rows.find((r) => r.feeHeadId === fx.heads.tuition)).toMatchObject({
      feePaise: T,
      beforePaise: 0,
      schemePaise: 6_250_00,
      afterPaise: 6_250_00,
      existing: 'none',
      action: 'write',
      balanceBeforePaise: T,
      balanceAfterPaise: T - 6_250_00,
    });
    expect(await h.db.select().from(discounts).where(isNotNull(discounts.schemeId))).toHaveLength(0);
    const joined = await admin().schemes.join(byCategory);
    expect(joined).toMatchObject({ joined: 16, written: 32, kept: 0 });
    const first = scStudents[0]!.id;
    expect(await discountOf(first, fx.heads.tuition)).toMatchObject({
      discountPaise: 6_250_00,
      adjustmentPaise: 0,
      note: 'Scheme: RTE 25%',
      schemeId,
    });
    expect(await discountOf(first, fx.heads.exam)).toMatchObject({ discountPaise: 500_00, schemeId });
    const afterCategory = await expectReportsAgreeWithRawTables();
    expect(afterCategory.discount - before.discount).toBe(16 * 6_750_00);
    expect((await h.caller('ugStaff').reports.concessions({ depId: 100, batchId: fx.ug.batchId }))[0]).toMatchObject({
      scheme: 'RTE 25%',
      students: 16,
      totalPaise: 16 * 6_750_00,
    });

    // Applying again changes nothing.
    expect((await admin().schemes.preview(byCategory)).totals).toMatchObject({ joining: 0, writes: 0 });

    // Bulk: all 50 students. UG-001's hand-typed tuition discount (2,000.00 + 500.00 adjustment) is marked and kept.
    const bulk = { schemeId, depId: 100 as const, studentIds: batchStudents };
    const bulkPreview = await admin().schemes.preview(bulk);
    expect(bulkPreview.totals).toMatchObject({ students: 50, joining: 34, writes: 34 * 2 - 1, kept: 1 });
    const hand = bulkPreview.rows.find((r) => r.studentId === fx.ug.studentId && r.feeHeadId === fx.heads.tuition)!;
    expect(hand).toMatchObject({
      existing: 'hand',
      action: 'keep',
      beforePaise: 2_000_00,
      schemePaise: 6_250_00,
      afterPaise: 2_000_00,
    });
    await admin().schemes.join(bulk);
    expect(await discountOf(fx.ug.studentId, fx.heads.tuition)).toMatchObject({
      discountPaise: 2_000_00,
      adjustmentPaise: 500_00,
      note: 'Merit',
      schemeId: null,
    });
    expect(await discountOf(fx.ug.studentId, fx.heads.exam)).toMatchObject({ discountPaise: 500_00, schemeId });
    expect(await h.db.select().from(concessionSchemeMembers)).toHaveLength(50);
    const afterBulk = await expectReportsAgreeWithRawTables();
    expect(afterBulk.discount - afterCategory.discount).toBe(33 * 6_750_00 + 500_00);

    // The admin chooses to replace it: the scheme's 6,250.00, the adjustment stays.
    const replace = {
      ...bulk,
      studentIds: [fx.ug.studentId],
      replace: [{ studentId: fx.ug.studentId, feeHeadId: fx.heads.tuition }],
    };
    expect((await admin().schemes.preview(replace)).rows.find((r) => r.feeHeadId === fx.heads.tuition)).toMatchObject({
      action: 'write',
      afterPaise: 6_250_00,
      balanceAfterPaise: T - 6_250_00 - 500_00 - FIXTURE_AMOUNTS.paidTuition,
    });
    await admin().schemes.join(replace);
    expect(await discountOf(fx.ug.studentId, fx.heads.tuition)).toMatchObject({
      discountPaise: 6_250_00,
      adjustmentPaise: 500_00,
      note: 'Scheme: RTE 25%',
      schemeId,
    });
    await expectReportsAgreeWithRawTables();
    expect(await h.caller('ugStaff').schemes.ofStudent({ depId: 100, studentId: fx.ug.studentId })).toEqual([
      {
        schemeId,
        name: 'RTE 25%',
        joinedAt: expect.any(String),
        heads: [
          { feeHeadId: fx.heads.exam, feeHead: 'Exam Fee', discountPaise: 500_00 },
          { feeHeadId: fx.heads.tuition, feeHead: 'Tuition Fee', discountPaise: 6_250_00 },
        ],
      },
    ]);

    // Leaving: UG-001 keeps a row with the adjustment alone; the others' scheme discounts are deleted.
    const leaving = { schemeId, depId: 100 as const, studentIds: [fx.ug.studentId, first] };
    const leavePreview = await admin().schemes.leavePreview(leaving);
    expect(leavePreview.totals).toEqual({ students: 2, removedPaise: 2 * 6_750_00, becomesDebt: 0 });
    await admin().schemes.leave(leaving);
    expect(await discountOf(fx.ug.studentId, fx.heads.tuition)).toMatchObject({
      discountPaise: 0,
      adjustmentPaise: 500_00,
      schemeId: null,
    });
    expect(await discountOf(fx.ug.studentId, fx.heads.exam)).toBeUndefined();
    expect(await discountOf(first, fx.heads.tuition)).toBeUndefined();
    expect(await h.db.select().from(concessionSchemeMembers)).toHaveLength(48);
    const afterLeave = await expectReportsAgreeWithRawTables();
    // Against the bulk step: UG-001's 2,000.00 (replaced, then removed) and 500.00, and the other's 6,750.00.
    expect(afterBulk.discount - afterLeave.discount).toBe(2_000_00 + 500_00 + 6_750_00);
    expect(await refusal(admin().schemes.leave(leaving))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Anjali Menon (UG-001) is not in RTE 25%',
    });
    expect(await refusal(admin().schemes.remove({ id: schemeId }))).toEqual({
      code: 'CONFLICT',
      message: 'RTE 25% has 48 students; remove them from it before deleting it',
    });
    expect(await h.db.select().from(auditLog).where(eq(auditLog.entity, 'scheme member'))).toHaveLength(50 + 2);
  });

  it('asks to confirm a balance below zero when applying and a paid head owing again when leaving', async () => {
    const schemeId = await createRte();
    const [, paidAll, paidPart] = batchStudents as [number, number, number];
    await pay(paidAll, fx.heads.exam, E);
    await pay(paidPart, fx.heads.exam, E - 500_00);
    const input = { schemeId, depId: 100 as const, studentIds: [paidAll, paidPart] };
    expect((await admin().schemes.preview(input)).totals.belowZero).toBe(1);
    expect(await refusal(admin().schemes.join(input))).toEqual({
      code: 'CONFLICT',
      message:
        'This would push the balance of 1 student below zero on Exam Fee (lowest -500.00). Confirm to save it anyway.',
    });
    expect(await h.db.select().from(discounts).where(isNotNull(discounts.schemeId))).toHaveLength(0);
    await admin().schemes.join({ ...input, allowNegativeBalance: true });
    await expectReportsAgreeWithRawTables();

    const leaving = { schemeId, depId: 100 as const, studentIds: [paidAll, paidPart] };
    const preview = await admin().schemes.leavePreview(leaving);
    expect(
      preview.rows
        .filter((r) => r.becomesDebt)
        .map((r) => [r.studentId, r.feeHead, r.balanceBeforePaise, r.balanceAfterPaise]),
    ).toEqual([[paidPart, 'Exam Fee', 0, 500_00]]);
    expect(await refusal(admin().schemes.leave(leaving))).toEqual({
      code: 'CONFLICT',
      message: 'Leaving turns 1 paid head into dues again. Confirm to leave anyway.',
    });
    await admin().schemes.leave({ ...leaving, confirm: true });
    expect(await h.db.select().from(discounts).where(isNotNull(discounts.schemeId))).toHaveLength(0);
    await expectReportsAgreeWithRawTables();
  });

  it('lets a member without receipts be deleted: membership and scheme discounts go with the student', async () => {
    const schemeId = await createRte();
    const student = batchStudents[5]!;
    await admin().schemes.join({ schemeId, depId: 100, studentIds: [student] });
    await h.caller('admin').students.remove({ depId: 100, id: student });
    expect(await h.db.select().from(concessionSchemeMembers)).toHaveLength(0);
    expect(await h.db.select().from(discounts).where(eq(discounts.studentId, student))).toHaveLength(0);
    await admin().schemes.remove({ id: schemeId });
    await expectReportsAgreeWithRawTables();
  });

  it('counts an opening balance on the head in the balances (a paid head with arrears is not below zero)', async () => {
    const schemeId = await createRte();
    const student = batchStudents[7]!;
    await pay(student, fx.heads.exam, E);
    await h.db
      .insert(openingBalances)
      .values({ studentId: student, feeHeadId: fx.heads.exam, amountPaise: 500_00, dueDate: '2025-06-01' });
    const input = { schemeId, depId: 100 as const, studentIds: [student] };
    expect((await admin().schemes.preview(input)).rows.find((r) => r.feeHeadId === fx.heads.exam)).toMatchObject({
      balanceBeforePaise: 500_00,
      afterPaise: 500_00,
      balanceAfterPaise: 0,
    });
    await admin().schemes.join(input);
    await expectReportsAgreeWithRawTables();
  });

  it('a scheme discount typed over by hand is kept when the student leaves; an edit of the note alone keeps the link', async () => {
    const schemeId = await createRte();
    const student = batchStudents[9]!;
    await admin().schemes.join({ schemeId, depId: 100, studentIds: [student] });
    const exam = (await discountOf(student, fx.heads.exam))!;
    const edit = {
      depId: 100,
      courseId: 1003,
      batchId: fx.ug.batchId,
      studentId: student,
      feeHeadId: fx.heads.exam,
      adjustment: '0',
      confirm: true,
    };
    await h.caller('admin').discounts.update({
      ...edit,
      id: exam.id,
      version: exam.version,
      discount: '500',
      note: 'Scheme: RTE 25% (checked)',
    });
    expect(await discountOf(student, fx.heads.exam)).toMatchObject({ schemeId });
    await h.caller('admin').discounts.update({ ...edit, id: exam.id, discount: '300', note: 'Principal' });
    expect(await discountOf(student, fx.heads.exam)).toMatchObject({ discountPaise: 300_00, schemeId: null });
    const preview = await admin().schemes.leavePreview({ schemeId, depId: 100, studentIds: [student] });
    expect(preview.rows.map((r) => r.feeHead)).toEqual(['Tuition Fee']);
    await admin().schemes.leave({ schemeId, depId: 100, studentIds: [student] });
    expect(await discountOf(student, fx.heads.exam)).toMatchObject({ discountPaise: 300_00, note: 'Principal' });
    expect(await discountOf(student, fx.heads.tuition)).toBeUndefined();
    await expectReportsAgreeWithRawTables();
  });

  it('refuses students of another department, a batch of another department, and an unknown scheme', async () => {
    const schemeId = await createRte();
    expect(await refusal(admin().schemes.preview({ schemeId, depId: 100, studentIds: [fx.pg.studentId] }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Some of these students are not in this department',
    });
    expect(
      await refusal(admin().schemes.join({ schemeId, depId: 100, batchId: fx.pg.batchId, categoryId: sc })),
    ).toEqual({
      code: 'NOT_FOUND',
      message: 'No such batch in this department',
    });
    expect(await refusal(admin().schemes.join({ schemeId: 999, depId: 100, studentIds: [fx.ug.studentId] }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such scheme',
    });
    expect(await refusal(admin().schemes.join({ schemeId, depId: 100 } as never))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Choose students, or a batch and a category',
    });
    expect(await refusal(h.caller('ugStaff').schemes.ofStudent({ depId: 100, studentId: fx.pg.studentId }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such student in this department',
    });
  });
});
