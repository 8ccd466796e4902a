import type { AccessRules } from './rule';

const receipt = (fx: { ug: { depId: number; studentId: number }; heads: { tuition: number } }) => ({
  depId: fx.ug.depId,
  sponsorId: 1,
  date: '2025-07-01',
  mode: 'bank_transfer',
  reference: 'NEFT1',
  allocations: [{ studentId: fx.ug.studentId, feeHeadId: fx.heads.tuition, amount: '100' }],
});

export const sponsorsAccess: AccessRules = {
  'sponsors.list': { access: 'read', input: (fx) => ({ depId: fx.ug.depId }) },
  'sponsors.create': { access: 'write', anyDepartment: true, input: () => ({ name: 'Post-matric scholarship' }) },
  'sponsors.shares': { access: 'read', input: (fx) => ({ depId: fx.ug.depId }) },
  'sponsors.cover': {
    access: 'write',
    input: (fx) => ({
      depId: fx.ug.depId,
      sponsorId: 1,
      studentId: fx.ug.studentId,
      feeHeadId: fx.heads.tuition,
      amount: '100',
    }),
  },
  'sponsors.removeShare': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, id: 1 }) },
  'sponsors.shortfall': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, id: 1, date: '2025-08-01' }) },
  'sponsors.receipt': { access: 'write', input: receipt },
  'sponsors.importPreview': {
    access: 'write',
    input: (fx) => ({
      ...receipt(fx),
      allocations: undefined,
      csv: `admissionNo,head,amount\n${fx.ug.admissionNo},Tuition Fee,100\n`,
    }),
  },
  'sponsors.importCommit': {
    access: 'write',
    input: (fx) => ({
      ...receipt(fx),
      allocations: undefined,
      csv: `admissionNo,head,amount\n${fx.ug.admissionNo},Tuition Fee,100\n`,
    }),
  },
  'sponsors.statement': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, sponsorId: 1 }) },
  'sponsors.receivables': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, asOf: '2025-12-31' }) },
};
