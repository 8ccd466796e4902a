import type { AccessRules } from './rule';

const fixedFine = { type: 'fixed' as const, amountPaise: 100_00, graceDays: 0 };

export const plansAccess: AccessRules = {
  'plans.byBatch': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, batchId: fx.ug.batchId }) },
  'plans.save': {
    access: 'admin',
    input: (fx) => ({
      depId: fx.ug.depId,
      batchId: fx.ug.batchId,
      fineRule: fixedFine,
      instalments: [
        {
          name: 'Term 1',
          dueDate: '2025-06-10',
          fineRule: null,
          amounts: [
            { feeHeadId: fx.heads.tuition, amountPaise: 25_000_00 },
            { feeHeadId: fx.heads.exam, amountPaise: 1_500_00 },
          ],
        },
      ],
    }),
  },
  'plans.remove': { access: 'admin', input: (fx) => ({ depId: fx.ug.depId, batchId: fx.ug.batchId }) },
  'plans.studentDues': { access: 'lookup', input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }) },
  'plans.waiveFine': {
    access: 'write',
    input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId, amountPaise: 1, reason: 'Hardship' }),
  },
  'plans.dues': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, asOf: '2026-01-01' }) },
  'plans.demandNotices': {
    access: 'read',
    input: (fx) => ({ depId: fx.ug.depId, batchId: fx.ug.batchId, asOf: '2026-01-01', payBy: '2026-01-15' }),
  },
  'plans.paymentSettings.get': { access: 'read', input: (fx) => ({ depId: fx.ug.depId }) },
  'plans.paymentSettings.update': {
    access: 'admin',
    input: (fx) => ({ depId: fx.ug.depId, upiId: 'college@sbi', payeeName: 'Arts College' }),
  },
};
