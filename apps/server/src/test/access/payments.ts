import type { AccessRules } from './rule';

export const paymentsAccess: AccessRules = {
  'payments.links': { access: 'department', input: (fx) => ({ depId: fx.ug.depId }) },
  'payments.createLink': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }) },
  'payments.createForDefaulters': {
    access: 'department',
    input: (fx) => ({ depId: fx.ug.depId, batchId: fx.ug.batchId }),
  },
  'payments.cancelLink': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, id: 1 }) },
  'payments.sendLink': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, id: 1 }) },
  'payments.refresh': { access: 'department', input: (fx) => ({ depId: fx.ug.depId }) },
  'payments.exceptions': { access: 'department', input: (fx) => ({ depId: fx.ug.depId }) },
  'payments.resolveException': {
    access: 'department',
    input: (fx) => ({ depId: fx.ug.depId, id: 1, note: 'Refunded at the gateway' }),
  },
};
