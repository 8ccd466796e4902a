import type { AccessRules } from './rule';

const structure = { depId: 100, startDate: '2025-06-01', endDate: '2026-03-31', amount: '1200.00', confirm: true };

export const feesAccess: AccessRules = {
  'fees.heads.list': { access: 'authed' },
  'fees.heads.create': { access: 'admin', input: () => ({ name: 'Seminar Fee' }) },
  'fees.heads.rename': { access: 'admin', input: (fx) => ({ id: fx.heads.exam, name: 'Examination Fee' }) },
  'fees.heads.remove': { access: 'admin', input: (fx) => ({ id: fx.heads.exam }) },
  'fees.structures.list': { access: 'admin', input: () => ({ depId: 100 }) },
  'fees.structures.byBatch': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, batchId: fx.ug.batchId }) },
  'fees.structures.byId': { access: 'admin', input: (fx) => ({ id: fx.ug.feeStructureIds[0] }) },
  'fees.structures.create': {
    access: 'admin',
    input: (fx) => ({ ...structure, batchId: fx.ug.batchId, feeHeadId: fx.heads.library }),
  },
  'fees.structures.update': {
    access: 'admin',
    input: (fx) => ({ ...structure, id: fx.ug.feeStructureIds[1], batchId: fx.ug.batchId, feeHeadId: fx.heads.exam }),
  },
  'fees.structures.remove': { access: 'admin', input: (fx) => ({ id: fx.ug.feeStructureIds[1] }) },
};
