import { describe, expect, it } from 'vitest';
import { auditChanges, fieldLabel } from './audit-changes';

describe('audit changes as read by a person', () => {
  it('names heads, schemes and users, and shows rupees and percents, never ids or basis points', () => {
    const names = {
      feeHeads: new Map([[7, 'Tuition Fee']]),
      schemes: new Map([[3, 'Merit scholarship']]),
      users: new Map([[12, 'clerk@college.test']]),
    };
    const changes = auditChanges(
      'update',
      { feeHeadId: 7, schemeId: 3, amountPaise: 1250050, gstRateBasisPoints: 0, settledByUserId: 12 },
      { feeHeadId: 7, schemeId: 3, amountPaise: 1300000, gstRateBasisPoints: 1250, settledByUserId: 12 },
      names,
    );
    expect(changes.map((c) => [c.field, c.before, c.after])).toEqual([
      ['Fee head', 'Tuition Fee', 'Tuition Fee'],
      ['Scheme', 'Merit scholarship', 'Merit scholarship'],
      ['Amount (₹)', '12,500.50', '13,000.00'],
      ['Gst rate (%)', '0 %', '12.5 %'],
      ['Settled by user', 'clerk@college.test', 'clerk@college.test'],
    ]);
    expect(auditChanges('create', null, { lines: [{ feeHeadId: 9 }] }, names)).toEqual([
      { field: 'Line 1 · Fee head', before: '—', after: 'no longer listed (9)', changed: true },
    ]);
    expect(fieldLabel('lines.0.amountPaise')).toBe('Line 1 · Amount (₹)');
  });
});
