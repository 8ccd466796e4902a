import type { AccessRules } from './rule';

const range = { from: '2025-07-01', to: '2025-07-31' };

export const reportsAccess: AccessRules = {
  'reports.feeReceipts': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, courseId: fx.ug.courseId }) },
  'reports.receiptLines': {
    access: 'department',
    input: (fx) => ({ depId: fx.ug.depId, number: fx.ug.receiptNumber }),
  },
  'reports.dues': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, courseId: fx.ug.courseId }) },
  'reports.studentFeeInfo': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, courseId: fx.ug.courseId }) },
  'reports.receiptsBetweenDates': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, ...range }) },
  'reports.collections': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, ...range }) },
  'reports.dayBook': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, date: '2025-07-10' }) },
  'reports.duesAsOf': {
    access: 'department',
    input: (fx) => ({ depId: fx.ug.depId, courseId: fx.ug.courseId, asOf: '2026-01-01' }),
  },
  'reports.defaulters': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, asOf: '2026-01-01' }) },
  'reports.concessions': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, courseId: fx.ug.courseId }) },
  'reports.refunds': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, ...range }) },
  'reports.statement': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }) },
};
