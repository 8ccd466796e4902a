import { auditLog, batches } from '@fees/db';
import type { ZUpdateStudentInput } from '@fees/validation';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { today } from '../../config';
import { refusal } from '../../test/refusal';
import { receiptInput } from '../../test/fixture';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);
const rs = (rupees: number) => rupees * 100;

let next: number;
let kept: number;
let leaver: number;

const form = (admissionNo: string, capId: string): z.input<typeof ZUpdateStudentInput> =>
  ({
    depId: 100,
    courseId: fx.ug.courseId,
    batchId: fx.ug.batchId,
    capId,
    name: `Student ${admissionNo}`,
    admissionNo,
    admissionDate: '2025-06-15',
    categoryId: 2,
    dateOfBirth: '2007-01-20',
    gender: 'Male',
    address: 'Chalakudy, Thrissur',
    confirm: true,
  }) as z.input<typeof ZUpdateStudentInput>;

/** UG's batch, its next one (2026-27, Tuition 30,000) and two more students in UG's batch. */
beforeEach(async () => {
  next = (
    await h.db
      .insert(batches)
      .values({
        departmentId: 100,
        courseId: fx.ug.courseId,
        name: '2026-27',
        startDate: '2026-06-01',
        endDate: '2027-03-31',
      })
      .returning()
  )[0]!.id;
  await h.caller('admin').fees.structures.create({
    depId: 100,
    batchId: next,
    feeHeadId: fx.heads.tuition,
    amount: '30000',
    startDate: '2026-06-01',
    endDate: '2027-03-31',
    confirm: true,
  } as never);
  const ug = h.caller('ugStaff');
  kept = (await ug.students.create(form('UG-901', 'CAP901'))).id;
  leaver = (await ug.students.create(form('UG-902', 'CAP902'))).id;
});

const batches2 = () => ({ depId: 100, fromBatchId: fx.ug.batchId, toBatchId: next });
const chosen = () => [
  { admNo: fx.ug.admissionNo, action: 'promote' as const },
  { admNo: 'UG-901', action: 'keep' as const },
  { admNo: 'UG-902', action: 'leave' as const },
];

describe('promotion', () => {
  it('previews the batch with each unpaid balance, applies in one audited write, and is undone', async () => {
    const ug = h.caller('ugStaff');
    const balanceOf = async (studentId: number) =>
      (await ug.reports.statement({ depId: 100, studentId })).totals.balancePaise;
    const owedBefore = await balanceOf(fx.ug.studentId);
    expect(owedBefore).toBeGreaterThan(0);

    const preview = await ug.promotions.preview(batches2());
    expect(preview.to.name).toBe('2026-27');
    expect(preview.students.map((s) => [s.admissionNo, s.action, s.balancePaise])).toEqual([
      [fx.ug.admissionNo, 'promote', owedBefore],
      ['UG-901', 'promote', await balanceOf(kept)],
      ['UG-902', 'promote', await balanceOf(leaver)],
    ]);

    const applied = await ug.promotions.run({ ...batches2(), students: chosen() });
    expect(applied).toMatchObject({ date: '2026-06-01', promoted: 1, kept: 1, left: 1 });
    // Last year's unpaid balance stays owed beside the new year's fee; nothing was copied.
    expect(await balanceOf(fx.ug.studentId)).toBe(owedBefore + rs(30_000));
    expect((await ug.students.byId({ depId: 100, id: fx.ug.studentId })).batchId).toBe(next);
    expect(
      (await ug.students.enrolments({ depId: 100, id: fx.ug.studentId })).map((e) => [e.batchName, e.status, e.toDate]),
    ).toEqual([
      [expect.any(String), 'promoted', '2026-06-01'],
      ['2026-27', 'open', null],
    ]);
    expect((await ug.students.enrolments({ depId: 100, id: kept })).map((e) => e.status)).toEqual(['open']);
    expect((await ug.students.enrolments({ depId: 100, id: leaver })).map((e) => e.status)).toEqual(['left']);
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.entity, 'promotion'));
    expect(audit.map((a) => a.action)).toEqual(['create']);

    // Applied twice (a retried request): the students are no longer in the batch, nothing is written.
    expect((await refusal(ug.promotions.run({ ...batches2(), students: chosen() }))).message).toBe(
      `${fx.ug.admissionNo} is not a current student of ${preview.from.name}`,
    );

    expect(await ug.promotions.undo({ depId: 100, id: applied.id })).toEqual({ id: applied.id, undone: true });
    expect(await balanceOf(fx.ug.studentId)).toBe(owedBefore);
    expect((await ug.students.byId({ depId: 100, id: fx.ug.studentId })).batchId).toBe(fx.ug.batchId);
    expect((await ug.students.enrolments({ depId: 100, id: leaver })).map((e) => e.status)).toEqual(['open']);
    expect((await refusal(ug.promotions.undo({ depId: 100, id: applied.id }))).message).toBe(
      'This promotion was already undone',
    );
  });

  it('students left out of the list stay where they are', async () => {
    const ug = h.caller('ugStaff');
    await ug.promotions.run({ ...batches2(), students: [chosen()[0]!] });
    expect((await ug.promotions.preview(batches2())).students.map((s) => s.admissionNo)).toEqual(['UG-901', 'UG-902']);
  });

  it('cannot be undone once a receipt was issued in the new batch', async () => {
    const ug = h.caller('ugStaff');
    const applied = await ug.promotions.run({ ...batches2(), students: [chosen()[0]!] });
    await ug.receipts.create(receiptInput(fx, { date: today(), lines: [[fx.heads.tuition, 1000_00]] }));
    expect((await refusal(ug.promotions.undo({ depId: 100, id: applied.id }))).message).toBe(
      '1 receipt was issued in 2026-27 since: the promotion can no longer be undone',
    );
  });

  it('cannot be undone while a sponsor covers a student in the new batch; once the share is removed it can', async () => {
    const ug = h.caller('ugStaff');
    const applied = await ug.promotions.run({ ...batches2(), students: [chosen()[0]!] });
    const sponsorId = (await ug.sponsors.create({ name: 'Mar Thoma Trust', kind: 'trust' })).id;
    const share = await ug.sponsors.cover({
      depId: 100,
      sponsorId,
      studentId: fx.ug.studentId,
      feeHeadId: fx.heads.tuition,
      amount: '5000',
    } as never);
    // The share belongs to the 2026-27 enrolment the undo would remove: refused, nothing changed.
    expect(await refusal(ug.promotions.undo({ depId: 100, id: applied.id }))).toEqual({
      code: 'CONFLICT',
      message: '1 sponsor share was recorded in 2026-27 since: remove it to undo the promotion',
    });
    expect((await ug.students.byId({ depId: 100, id: fx.ug.studentId })).batchId).toBe(next);
    await ug.sponsors.removeShare({ depId: 100, id: share.id });
    expect(await ug.promotions.undo({ depId: 100, id: applied.id })).toEqual({ id: applied.id, undone: true });
    expect((await ug.students.byId({ depId: 100, id: fx.ug.studentId })).batchId).toBe(fx.ug.batchId);
  });

  it('refuses the same batch, an earlier batch, another department and bad actions, naming the field', async () => {
    const ug = h.caller('ugStaff');
    expect((await refusal(ug.promotions.preview({ ...batches2(), toBatchId: fx.ug.batchId }))).message).toBe(
      'The next batch must be another batch',
    );
    expect(
      (await refusal(ug.promotions.preview({ depId: 100, fromBatchId: next, toBatchId: fx.ug.batchId }))).message,
    ).toMatch(/does not start after 2026-27/);
    expect((await refusal(ug.promotions.preview({ ...batches2(), toBatchId: fx.pg.batchId }))).message).toBe(
      'Both batches must be of this department',
    );
    const bad = await refusal(
      ug.promotions.run({ ...batches2(), students: [{ admNo: 'UG-901', action: 'graduate' as never }] }),
    );
    expect(bad.message).toMatch(/promote, keep or leave/);
  });
});
