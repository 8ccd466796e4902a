import { auditLog, receipts } from '@fees/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildFixture } from '../../test/fixture';
import { fieldRefusal } from '../../test/refusal';
import { useHarness } from '../../test/use-harness';

const h = useHarness();

const ugLetterhead = {
  depId: 100,
  institutionName: 'St. Thomas Arts and Science College',
  address: 'Temple Road, Thrissur 680001',
  phone: '0487 2420000',
};

describe('admin.settings', () => {
  it('starts with GST 0 and a letterhead for each of the six departments', async () => {
    const settings = await h.caller('admin').admin.settings.get();
    expect(settings).toMatchObject({ gstRateBasisPoints: 0, gstRate: '0.00' });
    expect(settings.letterheads.map((l) => [l.depId, l.shortName])).toEqual([
      [100, 'UG'],
      [101, 'PG'],
      [102, 'DHI'],
      [103, 'D.El.Ed'],
      [104, 'BEd'],
      [105, 'English School'],
    ]);
    expect(settings.letterheads[0]).toMatchObject({
      institutionName: 'Arts and Science College',
      address: '',
      phone: '',
    });
  });

  it('saves a GST rate in percent with up to 2 decimals as basis points; old receipts keep theirs', async () => {
    const fx = await buildFixture(h.db);
    const update = h.caller('admin').admin.settings.update;
    expect(await update({ gstRate: '18' })).toMatchObject({
      Result: 'SAVED',
      Message: 'Settings saved',
      gstRateBasisPoints: 1800,
      gstRate: '18.00',
    });
    expect((await update({ gstRate: 12.5 })).gstRateBasisPoints).toBe(1250);
    expect((await update({ gstRate: '0.05' })).gstRateBasisPoints).toBe(5);
    expect((await update({ gstRate: '100' })).gstRateBasisPoints).toBe(100_00);
    expect((await update({ gstRate: '0' })).gstRate).toBe('0.00');
    expect(
      (await h.db.select().from(receipts).where(eq(receipts.id, fx.ug.receiptId)).limit(1))[0]?.taxRateBasisPoints,
    ).toBe(0);
  });

  it('refuses a GST rate outside 0..100 or with more than 2 decimals', async () => {
    const update = (gstRate: unknown) =>
      fieldRefusal(h.caller('admin').admin.settings.update({ gstRate } as { gstRate: string }));
    const message = 'Enter a GST rate from 0 to 100 with up to 2 decimals';
    for (const bad of ['100.01', '-1', '12.345', 'abc', '18%', 101]) {
      expect(await update(bad)).toMatchObject({ code: 'BAD_REQUEST', fields: { gstRate: message } });
    }
    expect((await update('')).fields).toEqual({ gstRate: 'Required' });
    expect((await h.caller('admin').admin.settings.get()).gstRateBasisPoints).toBe(0);
  });

  it('saves letterheads per department and leaves the GST rate alone when it is not sent', async () => {
    const api = h.caller('admin').admin.settings;
    await api.update({ gstRate: '5' });
    const saved = await api.update({
      letterheads: [ugLetterhead, { depId: 105, institutionName: '  Little Flower English Medium School ' }],
    });
    expect(saved.gstRateBasisPoints).toBe(500);
    expect(saved.letterheads.find((l) => l.depId === 100)).toMatchObject(ugLetterhead);
    expect(saved.letterheads.find((l) => l.depId === 105)).toMatchObject({
      institutionName: 'Little Flower English Medium School',
      address: '',
      phone: '',
    });
    expect(saved.letterheads.find((l) => l.depId === 101)?.institutionName).toBe('Arts and Science College');
  });

  it('refuses an empty or long institution name, a long address or phone, an unknown or repeated department', async () => {
    const update = (letterheads: unknown[]) =>
      fieldRefusal(
        h.caller('admin').admin.settings.update({ letterheads } as { letterheads: (typeof ugLetterhead)[] }),
      );
    expect((await update([{ ...ugLetterhead, institutionName: ' ' }])).fields).toEqual({
      'letterheads.0.institutionName': 'Required',
    });
    expect((await update([{ ...ugLetterhead, institutionName: 'x'.repeat(101) }])).fields).toEqual({
      'letterheads.0.institutionName': 'Maximum 100 characters allowed',
    });
    expect((await update([{ ...ugLetterhead, address: 'x'.repeat(201) }])).fields).toEqual({
      'letterheads.0.address': 'Maximum 200 characters allowed',
    });
    expect((await update([{ ...ugLetterhead, phone: '9'.repeat(46) }])).fields).toEqual({
      'letterheads.0.phone': 'Maximum 45 characters allowed',
    });
    expect((await update([{ ...ugLetterhead, depId: 99 }])).fields).toEqual({ 'letterheads.0.depId': 'Required' });
    expect((await update([ugLetterhead, ugLetterhead])).fields).toEqual({
      letterheads: 'Each department may appear only once',
    });
  });

  it('audits every change with before and after', async () => {
    await h.caller('admin').admin.settings.update({ gstRate: '18', letterheads: [ugLetterhead] });
    const audit = await h.db.select().from(auditLog).where(eq(auditLog.entity, 'settings'));
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before!)).toMatchObject({ gstRateBasisPoints: 0 });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({
      gstRateBasisPoints: 1800,
      letterheads: expect.arrayContaining([expect.objectContaining(ugLetterhead)]),
    });
    expect(audit[0]).toMatchObject({ action: 'update', userEmail: 'admin@test.local' });
  });

  it('is for administrators only', async () => {
    for (const who of ['ugStaff', 'pgStaff', 'anonymous'] as const) {
      const expected = who === 'anonymous' ? 'UNAUTHORIZED' : 'FORBIDDEN';
      expect((await fieldRefusal(h.caller(who).admin.settings.get())).code).toBe(expected);
      expect((await fieldRefusal(h.caller(who).admin.settings.update({ gstRate: '18' }))).code).toBe(expected);
    }
    expect((await h.caller('admin').admin.settings.get()).gstRateBasisPoints).toBe(0);
  });
});
