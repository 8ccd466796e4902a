import type { AccessRules } from './rule';

const batch = {
  depId: 100,
  courseId: 1003,
  name: '2026-2029',
  startDate: '2026-06-01',
  endDate: '2029-03-31',
  confirm: true,
};

export const batchesAccess: AccessRules = {
  'batches.list': { access: 'admin', input: () => ({ depId: 100 }) },
  'batches.byCourse': { access: 'lookup', input: (fx) => ({ depId: fx.ug.depId, courseId: fx.ug.courseId }) },
  'batches.byId': { access: 'read', input: (fx) => ({ id: fx.ug.batchId }) },
  'batches.create': { access: 'admin', input: () => batch },
  'batches.update': { access: 'admin', input: (fx) => ({ ...batch, id: fx.ug.batchId }) },
};
