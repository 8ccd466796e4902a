import type { AccessRules } from './rule';

export const paymentsAccess: AccessRules = {
  'payments.links': { access: 'read', input: (fx) => ({ depId: fx.ug.depId }) },
  'payments.createLink': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }) },
  'payments.createForDefaulters': {
    access: 'write',
    input: (fx) => ({ depId: fx.ug.depId, batchId: fx.ug.batchId }),
  },
  'payments.cancelLink': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, id: 1 }) },
  'payments.sendLink': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, id: 1 }) },
  'payments.refresh': { access: 'write', input: (fx) => ({ depId: fx.ug.depId }) },
  'payments.exceptions': { access: 'read', input: (fx) => ({ depId: fx.ug.depId }) },
  'payments.resolveException': {
    access: 'write',
    input: (fx) => ({ depId: fx.ug.depId, id: 1, note: 'Refunded at the gateway' }),
  },
};
