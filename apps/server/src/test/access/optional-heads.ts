import type { AccessRules } from './rule';

const csv = (fx: { ug: { admissionNo: string } }) =>
  `admissionNo,head,from,to\n${fx.ug.admissionNo},Exam Fee,2025-06-01,\n`;

export const optionalHeadsAccess: AccessRules = {
  'optionalHeads.byBatch': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, batchId: fx.ug.batchId }) },
  'optionalHeads.optIn': {
    access: 'write',
    input: (fx) => ({
      depId: fx.ug.depId,
      studentIds: [fx.ug.studentId],
      feeHeadId: fx.heads.exam,
      from: '2025-06-01',
    }),
  },
  'optionalHeads.end': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, id: 1, to: '2026-01-01' }) },
  'optionalHeads.remove': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, id: 1 }) },
  'optionalHeads.importPreview': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, csv: csv(fx) }) },
  'optionalHeads.importCommit': { access: 'write', input: (fx) => ({ depId: fx.ug.depId, csv: csv(fx) }) },
};
