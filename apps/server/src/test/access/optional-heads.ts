import type { AccessRules } from './rule';

const csv = (fx: { ug: { admissionNo: string } }) =>
  `admissionNo,head,from,to\n${fx.ug.admissionNo},Exam Fee,2025-06-01,\n`;

export const optionalHeadsAccess: AccessRules = {
  'optionalHeads.byBatch': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, batchId: fx.ug.batchId }) },
  'optionalHeads.optIn': {
    access: 'department',
    input: (fx) => ({
      depId: fx.ug.depId,
      studentIds: [fx.ug.studentId],
      feeHeadId: fx.heads.exam,
      from: '2025-06-01',
    }),
  },
  'optionalHeads.end': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, id: 1, to: '2026-01-01' }) },
  'optionalHeads.remove': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, id: 1 }) },
  'optionalHeads.importPreview': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, csv: csv(fx) }) },
  'optionalHeads.importCommit': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, csv: csv(fx) }) },
};
