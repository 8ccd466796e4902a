import type { AccessRules } from './rule';

export const refundsAccess: AccessRules = {
  'refunds.list': {
    access: 'read',
    input: (fx) => ({ depId: fx.ug.depId, from: '2025-08-01', to: '2025-08-31' }),
  },
  'refunds.studentAdvance': {
    access: 'read',
    input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }),
  },
  // The department is checked before the rest of the voucher (which is then refused as bad input).
  'refunds.create': { access: 'write', input: (fx) => ({ depId: fx.ug.depId }) },
  // A voucher names its department: the roles holding the capability reach the handler, which checks it
  // (voucher 1 does not exist, so every department's accountant gets as far as its 404).
  'refunds.byNumber': { access: 'lookup', anyDepartment: true, input: () => ({ number: 1 }) },
  'refunds.void': { access: 'write', anyDepartment: true, input: () => ({ number: 1, reason: 'Paid twice' }) },
};
