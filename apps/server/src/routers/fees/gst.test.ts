/**
 * GST per fee head: a head's treatment set on the head or through a fee structure write, receipts taxed line by
 * line at their heads' rates and keeping them once issued, and the department's GSTIN on its receipts.
 */
import { auditLog } from '@fees/db';
import { MSG } from '@fees/validation';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../test/refusal';
import { type ReceiptLine, receiptInput } from '../../test/fixture';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);

const ugReceipt = (lines: ReceiptLine[], taxPaise: number) => receiptInput(fx, { date: '2025-08-01', lines, taxPaise });

const headsById = async () =>
  new Map((await h.caller('admin').fees.heads.list()).map((head) => [head.id, head] as const));

describe('a fee head’s GST treatment', () => {
  it('is exempt by default; taxable with a rate and code, or the default rate of the settings', async () => {
    const admin = h.caller('admin');
    const plain = await admin.fees.heads.create({ name: 'Seminar Fee' });
    const bus = await admin.fees.heads.create({
      name: 'Transport Fee',
      gst: { treatment: 'taxable', rate: '18', code: '996411' },
    });
    await admin.admin.settings.update({ gstRate: '12' });
    const uniform = await admin.fees.heads.create({ name: 'Uniform', gst: { treatment: 'taxable', code: '6203' } });
    const heads = await headsById();
    expect([plain.id, bus.id, uniform.id].map((id) => heads.get(id))).toMatchObject([
      { gstTreatment: 'exempt', gstRateBasisPoints: 0, gstCode: null },
      { gstTreatment: 'taxable', gstRateBasisPoints: 1800, gstCode: '996411' },
      { gstTreatment: 'taxable', gstRateBasisPoints: 1200, gstCode: '6203' },
    ]);
    // Back to exempt: rate and code go.
    await admin.fees.heads.rename({ id: uniform.id, name: 'Uniform', gst: { treatment: 'exempt' } });
    expect((await headsById()).get(uniform.id)).toMatchObject({ gstTreatment: 'exempt', gstRateBasisPoints: 0 });
  });

  it('refuses a taxable head without a valid code or rate, naming the field, and writes nothing', async () => {
    const admin = h.caller('admin');
    const rename = (gst: Record<string, string>) =>
      refusal(admin.fees.heads.rename({ id: fx.heads.exam, name: 'Exam Fee', gst: gst as never }));
    expect(await rename({ treatment: 'taxable', rate: '18' })).toMatchObject({
      code: 'BAD_REQUEST',
      message: MSG.gstCodeRequired,
    });
    expect(await rename({ treatment: 'taxable', rate: '18', code: '99929' })).toMatchObject({
      code: 'BAD_REQUEST',
      message: MSG.gstCode,
    });
    expect(await rename({ treatment: 'taxable', rate: '0', code: '999293' })).toMatchObject({
      message: MSG.gstTaxableRate,
    });
    // No rate given and the settings' default is 0: nothing to charge.
    expect(await rename({ treatment: 'taxable', code: '999293' })).toMatchObject({
      code: 'BAD_REQUEST',
      message: MSG.gstDefaultRateZero,
    });
    expect((await headsById()).get(fx.heads.exam)).toMatchObject({ gstTreatment: 'exempt', gstCode: null });
  });

  it('a fee structure write sets its head’s treatment for every batch, audited; left out, the head keeps it', async () => {
    const admin = h.caller('admin');
    const row = {
      depId: 100 as const,
      batchId: fx.ug.batchId,
      startDate: '2025-06-01',
      endDate: '2026-03-31',
      feeHeadId: fx.heads.library,
      amount: '1000',
      confirm: true,
    };
    const created = await admin.fees.structures.create({
      ...row,
      gst: { treatment: 'taxable', rate: '5', code: '998431' },
    } as never);
    expect((await headsById()).get(fx.heads.library)).toMatchObject({
      gstTreatment: 'taxable',
      gstRateBasisPoints: 500,
      gstCode: '998431',
    });
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'fee_head'), eq(auditLog.entityId, String(fx.heads.library))));
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]!.after!)).toMatchObject({ gstTreatment: 'taxable', gstRateBasisPoints: 500 });
    const { version } = await admin.fees.structures.byId({ id: created.id });
    await admin.fees.structures.update({ ...row, amount: '1200', id: created.id, version } as never);
    expect((await headsById()).get(fx.heads.library)).toMatchObject({
      gstTreatment: 'taxable',
      gstRateBasisPoints: 500,
    });
  });
});

describe('receipts with taxable heads', () => {
  it('tax each taxable line at its head’s rate, show the tax per rate, and keep it when the head changes later', async () => {
    const admin = h.caller('admin');
    await admin.fees.heads.rename({
      id: fx.heads.exam,
      name: 'Exam Fee',
      gst: { treatment: 'taxable', rate: '18', code: '999293' },
    });
    // Tuition exempt; 1,234.56 of Exam Fee at 18% = 222.2208 -> 222.22.
    const ug = h.caller('ugStaff');
    const created = await ug.receipts.create(
      ugReceipt(
        [
          [fx.heads.tuition, 5_000_00],
          [fx.heads.exam, 1_234_56],
        ],
        222_22,
      ),
    );
    expect(created).toMatchObject({ totalPaise: 6_234_56, taxRateBasisPoints: 1800, taxPaise: 222_22 });

    await admin.fees.heads.rename({
      id: fx.heads.exam,
      name: 'Exam Fee',
      gst: { treatment: 'taxable', rate: '5', code: '999293' },
    });
    const shown = await ug.receipts.byNumber({ number: created.number });
    expect(shown.lines.map((l) => [l.feeHead, l.taxRateBasisPoints, l.gstCode, l.taxPaise])).toEqual([
      ['Tuition Fee', 0, null, 0],
      ['Exam Fee', 1800, '999293', 222_22],
    ]);
    expect(shown.taxByRate).toEqual([{ rateBasisPoints: 1800, taxablePaise: 1_234_56, taxPaise: 222_22 }]);
    expect(shown.receipt).toMatchObject({ taxPaise: 222_22, netPaise: 6_456_78 });

    // A form priced at the old rate is refused with the server's figures; the new rate is what a new receipt takes.
    const stale = await refusal(ug.receipts.create(ugReceipt([[fx.heads.exam, 100_00]], 18_00)));
    expect(stale.message).toContain('GST 5.00');
    const next = await ug.receipts.create(ugReceipt([[fx.heads.exam, 100_00]], 5_00));
    expect(next).toMatchObject({ taxRateBasisPoints: 500, taxPaise: 5_00 });
  });

  it('prints the department’s GSTIN when it has one; a GSTIN with a wrong check character is refused', async () => {
    const admin = h.caller('admin');
    const letterhead = { depId: 100 as const, institutionName: 'Arts and Science College', address: '', phone: '' };
    const bad = await refusal(
      admin.admin.settings.update({ letterheads: [{ ...letterhead, gstin: '27AAPFU0939F1ZW' }] }),
    );
    expect(bad).toMatchObject({ code: 'BAD_REQUEST', message: MSG.gstinCheck });
    await admin.admin.settings.update({ letterheads: [{ ...letterhead, gstin: '27aapfu0939f1zv' }] });
    const settings = await admin.admin.settings.get();
    expect(settings.letterheads.find((l) => l.depId === 100)?.gstin).toBe('27AAPFU0939F1ZV');
    const ug = h.caller('ugStaff');
    const created = await ug.receipts.create(ugReceipt([[fx.heads.exam, 100_00]], 0));
    expect((await ug.receipts.byNumber({ number: created.number })).receipt.gstin).toBe('27AAPFU0939F1ZV');
    await admin.admin.settings.update({ letterheads: [{ ...letterhead, gstin: '' }] });
    expect((await ug.receipts.byNumber({ number: created.number })).receipt.gstin).toBeNull();
  });
});
