import type { AccessRules } from './rule';

const CSV = Buffer.from('Date,Narration,Credit\n01-06-2026,UPI 612345678901,100.00\n').toString('base64');
const file = (depId: number) => ({ depId, bankAccount: 'SBI current', fileName: 'sbi.csv', fileBase64: CSV });
const mapping = { date: 'Date', narration: 'Narration', credit: 'Credit' };

export const reconciliationAccess: AccessRules = {
  'reconciliation.bankAccounts': { access: 'read', input: (fx) => ({ depId: fx.ug.depId }) },
  'reconciliation.preview': { access: 'write', input: (fx) => file(fx.ug.depId) },
  'reconciliation.import': { access: 'write', input: (fx) => ({ ...file(fx.ug.depId), mapping }) },
  'reconciliation.statements': { access: 'read', input: (fx) => ({ depId: fx.ug.depId }) },
  'reconciliation.statement': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, statementId: 1 }) },
  'reconciliation.accept': {
    access: 'write',
    input: (fx) => ({ depId: fx.ug.depId, lineId: 1, studentId: fx.ug.studentId, paymentMode: 'upi' }),
  },
  'reconciliation.ignore': {
    access: 'write',
    input: (fx) => ({ depId: fx.ug.depId, lineId: 1, reason: 'Interest credited' }),
  },
  'reconciliation.reopen': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, lineId: 1 }) },
};
