import type { AccessRules } from './rule';

export const refundsAccess: AccessRules = {
  'refunds.list': {
    access: 'department',
    input: (fx) => ({ depId: fx.ug.depId, from: '2025-08-01', to: '2025-08-31' }),
  },
  'refunds.studentAdvance': {
    access: 'department',
    input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }),
  },
  // The department is checked before the rest of the voucher (which is then refused as bad input).
  'refunds.create': { access: 'department', input: (fx) => ({ depId: fx.ug.depId }) },
  // A voucher names its department: any signed-in account reaches the handler, which checks it.
  'refunds.byNumber': { access: 'authed', input: () => ({ number: 1 }) },
  'refunds.void': { access: 'authed', input: () => ({ number: 1, reason: 'Paid twice' }) },
};
