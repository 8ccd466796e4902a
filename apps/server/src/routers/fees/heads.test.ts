import { auditLog, discounts, feeHeads, feeStructures, findFeeHeadByName } from '@fees/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../test/refusal';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);

const headId = async (name: string) => (await findFeeHeadByName(h.db, { name }))!.id;

describe('fees.heads.list', () => {
  it('lists every head by name with its batch count and whether it is in use, for any signed-in account', async () => {
    const rows = await h.caller('pgStaff').fees.heads.list();
    expect(rows.map((r) => r.name)).toEqual([...rows.map((r) => r.name)].sort());
    expect(rows.find((r) => r.name === 'Tuition Fee')).toEqual({
      id: fx.heads.tuition,
      name: 'Tuition Fee',
      gstTreatment: 'exempt',
      gstRateBasisPoints: 0,
      gstCode: null,
      batchCount: 2,
      inUse: true,
    });
    expect(rows.find((r) => r.name === 'Exam Fee')).toMatchObject({ batchCount: 1, inUse: true });
    expect(rows.find((r) => r.name === 'Bus Fee')).toMatchObject({ batchCount: 0, inUse: false });
    expect((await refusal(h.caller('anonymous').fees.heads.list())).code).toBe('UNAUTHORIZED');
  });
});

describe('fees.heads.create', () => {
  it('adds a head and audits it', async () => {
    const result = await h.caller('admin').fees.heads.create({ name: '  Seminar Fee ' });
    expect(result).toEqual({ Result: 'SAVED', Message: 'Fee head Seminar Fee added', id: expect.any(Number) });
    expect((await h.db.select().from(feeHeads).where(eq(feeHeads.id, result.id)).limit(1))[0]?.name).toBe(
      'Seminar Fee',
    );
    expect(
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'fee_head'), eq(auditLog.action, 'create'))),
    ).toHaveLength(1);
  });

  it('refuses an empty or long name, a name taken in any case, and staff', async () => {
    expect(await refusal(h.caller('admin').fees.heads.create({ name: ' ' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Required',
    });
    expect(await refusal(h.caller('admin').fees.heads.create({ name: 'x'.repeat(51) }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Maximum 50 characters allowed',
    });
    expect(await refusal(h.caller('admin').fees.heads.create({ name: 'tuition fee' }))).toEqual({
      code: 'CONFLICT',
      message: 'A fee head named tuition fee already exists',
    });
    expect((await refusal(h.caller('ugStaff').fees.heads.create({ name: 'Seminar Fee' }))).code).toBe('FORBIDDEN');
  });
});

describe('fees.heads.rename', () => {
  it('renames a head in use; its structures keep it', async () => {
    const result = await h.caller('admin').fees.heads.rename({ id: fx.heads.exam, name: 'Examination Fee' });
    expect(result).toEqual({ Result: 'UPDATED', Message: 'Fee head renamed to Examination Fee', id: fx.heads.exam });
    const structures = await h.caller('admin').fees.structures.byBatch({ depId: 100, batchId: fx.ug.batchId });
    expect(structures.map((s) => s.feeHeadName)).toEqual(['Tuition Fee', 'Examination Fee']);
    const audit = (
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'fee_head'), eq(auditLog.action, 'update')))
        .limit(1)
    )[0];
    expect(JSON.parse(audit!.before!)).toEqual({
      id: fx.heads.exam,
      name: 'Exam Fee',
      gstTreatment: 'exempt',
      gstRateBasisPoints: 0,
      gstCode: null,
    });
  });

  it("allows a change of case of its own name, refuses another head's name, an unknown id and staff", async () => {
    await expect(h.caller('admin').fees.heads.rename({ id: fx.heads.exam, name: 'EXAM FEE' })).resolves.toMatchObject({
      Result: 'UPDATED',
    });
    expect(await refusal(h.caller('admin').fees.heads.rename({ id: fx.heads.exam, name: 'Tuition Fee' }))).toEqual({
      code: 'CONFLICT',
      message: 'A fee head named Tuition Fee already exists',
    });
    expect(await refusal(h.caller('admin').fees.heads.rename({ id: 9999, name: 'Other' }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such fee head',
    });
    expect(await refusal(h.caller('admin').fees.heads.rename({ id: fx.heads.exam, name: '' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Required',
    });
    expect((await refusal(h.caller('ugStaff').fees.heads.rename({ id: fx.heads.exam, name: 'X' }))).code).toBe(
      'FORBIDDEN',
    );
  });
});

describe('fees.heads.remove', () => {
  it('deletes an unused head and audits it', async () => {
    const id = await headId('Bus Fee');
    expect(await h.caller('admin').fees.heads.remove({ id })).toEqual({
      Result: 'DELETED',
      Message: 'Fee head Bus Fee deleted',
      id,
    });
    expect(await findFeeHeadByName(h.db, { name: 'Bus Fee' })).toBeNull();
    expect(
      await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'fee_head'), eq(auditLog.action, 'delete'))),
    ).toHaveLength(1);
  });

  it('says what uses a head it refuses to delete', async () => {
    expect(await refusal(h.caller('admin').fees.heads.remove({ id: fx.heads.tuition }))).toEqual({
      code: 'CONFLICT',
      message: 'Tuition Fee cannot be deleted: it is used by 2 fee structures, 1 discount, 1 receipt line',
    });
    await h.db.delete(discounts);
    await h.db.delete(feeStructures).where(eq(feeStructures.feeHeadId, fx.heads.exam));
    await h.db
      .insert(discounts)
      .values({ studentId: fx.ug.studentId, feeHeadId: fx.heads.exam, discountPaise: 100, adjustmentPaise: 0 });
    expect((await refusal(h.caller('admin').fees.heads.remove({ id: fx.heads.exam }))).message).toBe(
      'Exam Fee cannot be deleted: it is used by 1 discount',
    );
  });

  it('refuses an unknown id and staff', async () => {
    expect(await refusal(h.caller('admin').fees.heads.remove({ id: 9999 }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No such fee head',
    });
    expect((await refusal(h.caller('ugStaff').fees.heads.remove({ id: await headId('Bus Fee') }))).code).toBe(
      'FORBIDDEN',
    );
  });
});
