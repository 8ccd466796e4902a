import { batches, enrolments } from '@fees/db';
import type { ZUpdateStudentInput } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { today } from '../../config';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);

const form = (overrides: Record<string, unknown> = {}): z.input<typeof ZUpdateStudentInput> =>
  ({
    depId: 100,
    courseId: fx.ug.courseId,
    batchId: fx.ug.batchId,
    capId: 'CAP901',
    name: 'Rahul Nair',
    admissionNo: 'UG-901',
    admissionDate: '2025-06-15',
    categoryId: 2,
    dateOfBirth: '2007-01-20',
    gender: 'Male',
    address: 'Chalakudy, Thrissur',
    confirm: true,
    ...overrides,
  }) as z.input<typeof ZUpdateStudentInput>;

async function addBatch(name: string, startDate: string) {
  return (
    await h.db
      .insert(batches)
      .values({ departmentId: 100, courseId: fx.ug.courseId, name, startDate, endDate: '2028-03-31' })
      .returning()
  )[0]!.id;
}

describe('enrolments', () => {
  it('a registered student has one open enrolment in their batch', async () => {
    const ug = h.caller('ugStaff');
    const { id } = await ug.students.create(form());
    const [batch] = await h.db.select().from(batches).where(eq(batches.id, fx.ug.batchId));
    const from = batch!.startDate > '2025-06-15' ? batch!.startDate : '2025-06-15';
    expect(await ug.students.enrolments({ depId: 100, id })).toEqual([
      expect.objectContaining({
        batchId: fx.ug.batchId,
        batchName: batch!.name,
        fromDate: from,
        toDate: null,
        status: 'open',
      }),
    ]);
  });

  it('a change of batch is a dated transfer: the old enrolment ends, the new one starts that day', async () => {
    const ug = h.caller('ugStaff');
    const version = 1;
    const { id } = await ug.students.create(form());
    const other = await addBatch('2025-2028 B', '2025-06-01');
    await ug.students.update(form({ id, version, batchId: other, transferDate: '2025-09-01' }));
    const list = await ug.students.enrolments({ depId: 100, id });
    expect(list.map(({ batchId, fromDate, toDate, status }) => ({ batchId, fromDate, toDate, status }))).toEqual([
      { batchId: fx.ug.batchId, fromDate: expect.any(String), toDate: '2025-09-01', status: 'transferred' },
      { batchId: other, fromDate: '2025-09-01', toDate: null, status: 'open' },
    ]);
    expect((await ug.students.byId({ depId: 100, id })).batchId).toBe(other);
  });

  it('a transfer without a date happens today; an edit that keeps the batch writes no enrolment', async () => {
    const ug = h.caller('ugStaff');
    const version = 1;
    const { id } = await ug.students.create(form());
    const { version: v2 } = await ug.students.update(form({ id, version, phone: '9446000000' }));
    expect(await h.db.select().from(enrolments).where(eq(enrolments.studentId, id))).toHaveLength(1);
    const other = await addBatch('2025-2028 C', '2025-06-01');
    await ug.students.update(form({ id, version: v2, batchId: other }));
    const list = await ug.students.enrolments({ depId: 100, id });
    expect(list.at(-1)).toEqual(expect.objectContaining({ batchId: other, fromDate: today(), status: 'open' }));
  });

  it('refuses a transfer dated before the current enrolment began, and writes nothing', async () => {
    const ug = h.caller('ugStaff');
    const version = 1;
    const { id } = await ug.students.create(form({ admissionDate: '2025-08-01' }));
    const other = await addBatch('2025-2028 D', '2025-06-01');
    const [open] = await ug.students.enrolments({ depId: 100, id });
    const call = ug.students.update(
      form({ id, version, admissionDate: '2025-08-01', batchId: other, transferDate: '2025-07-01' }),
    );
    await expect(call).rejects.toThrow(TRPCError);
    await expect(call).rejects.toThrow(
      `The transfer date must be on or after ${open!.fromDate}, when the student joined their current batch`,
    );
    expect((await ug.students.byId({ depId: 100, id })).batchId).toBe(fx.ug.batchId);
    expect(await ug.students.enrolments({ depId: 100, id })).toHaveLength(1);
  });

  it('another department’s student is not found', async () => {
    await expect(h.caller('pgStaff').students.enrolments({ depId: 100, id: fx.ug.studentId })).rejects.toThrow();
  });
});
