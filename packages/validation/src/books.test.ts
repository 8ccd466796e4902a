import { describe, expect, it } from 'vitest';
import { ZSaveLedgerMappingInput } from './books';

const mapping = {
  depId: 100,
  version: 1,
  company: 'UG College',
  refundLedger: 'Advance from students',
  gstLedger: 'Output GST',
  heads: [{ feeHeadId: 1, ledger: 'Tuition fees' }],
  modes: [{ mode: 'cash', ledger: 'Cash' }],
};

describe('ZSaveLedgerMappingInput', () => {
  it('takes one ledger per head and mode', () => {
    expect(ZSaveLedgerMappingInput.safeParse(mapping).success).toBe(true);
  });

  // Each head and mode is one row of ledger_mapping_rows (its primary key): a second ledger for one was a 500.
  it('refuses two ledgers for one fee head or one payment mode', () => {
    const heads = ZSaveLedgerMappingInput.safeParse({
      ...mapping,
      heads: [...mapping.heads, { feeHeadId: 1, ledger: 'Other' }],
    });
    expect(heads.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['heads', 'Give each fee head one ledger'],
    ]);
    const modes = ZSaveLedgerMappingInput.safeParse({
      ...mapping,
      modes: [...mapping.modes, { mode: 'cash', ledger: 'Petty cash' }],
    });
    expect(modes.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['modes', 'Give each payment mode one ledger'],
    ]);
  });
});
