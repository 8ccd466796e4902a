import type { AccessRules } from './rule';

export const promotionsAccess: AccessRules = {
  'promotions.preview': {
    access: 'read',
    input: (fx) => ({ depId: fx.ug.depId, fromBatchId: fx.ug.batchId, toBatchId: fx.ug.batchId }),
  },
  'promotions.run': {
    access: 'write',
    input: (fx) => ({
      depId: fx.ug.depId,
      fromBatchId: fx.ug.batchId,
      toBatchId: fx.ug.batchId,
      students: [{ admNo: fx.ug.admissionNo, action: 'keep' }],
    }),
  },
  'promotions.undo': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, id: 1 }) },
};
