import type { AccessRules } from './rule';

const range = { from: '2025-07-01', to: '2025-07-31' };

export const reportsAccess: AccessRules = {
  'reports.feeReceipts': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, courseId: fx.ug.courseId }) },
  'reports.receiptLines': {
    access: 'read',
    input: (fx) => ({ depId: fx.ug.depId, number: fx.ug.receiptNumber }),
  },
  'reports.dues': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, courseId: fx.ug.courseId }) },
  'reports.studentFeeInfo': { access: 'lookup', input: (fx) => ({ depId: fx.ug.depId, courseId: fx.ug.courseId }) },
  'reports.receiptsBetweenDates': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, ...range }) },
  'reports.collections': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, ...range }) },
  'reports.dayBook': { access: 'lookup', input: (fx) => ({ depId: fx.ug.depId, date: '2025-07-10' }) },
  'reports.duesAsOf': {
    access: 'read',
    input: (fx) => ({ depId: fx.ug.depId, courseId: fx.ug.courseId, asOf: '2026-01-01' }),
  },
  'reports.defaulters': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, asOf: '2026-01-01' }) },
  'reports.concessions': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, courseId: fx.ug.courseId }) },
  'reports.refunds': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, ...range }) },
  'reports.statement': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }) },
};
