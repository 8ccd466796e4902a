import type { AccessRules } from './rule';

const rule = (fx: { ug: { courseId: number }; heads: { exam: number } }) => ({
  kind: 'percent',
  feeHeadId: fx.heads.exam,
  courseId: fx.ug.courseId,
  percent: '25',
});

export const schemesAccess: AccessRules = {
  'schemes.list': { access: 'admin' },
  'schemes.byId': { access: 'admin', input: () => ({ id: 1 }) },
  'schemes.create': { access: 'admin', input: (fx) => ({ name: 'RTE 25%', rules: [rule(fx)] }) },
  'schemes.update': { access: 'admin', input: (fx) => ({ id: 1, name: 'RTE 25%', rules: [rule(fx)] }) },
  'schemes.remove': { access: 'admin', input: () => ({ id: 1 }) },
  'schemes.members': { access: 'admin', input: (fx) => ({ schemeId: 1, depId: fx.ug.depId }) },
  'schemes.ofStudent': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, studentId: fx.ug.studentId }) },
  'schemes.preview': {
    access: 'admin',
    input: (fx) => ({ schemeId: 1, depId: fx.ug.depId, studentIds: [fx.ug.studentId] }),
  },
  'schemes.join': {
    access: 'admin',
    input: (fx) => ({ schemeId: 1, depId: fx.ug.depId, studentIds: [fx.ug.studentId] }),
  },
  'schemes.leavePreview': {
    access: 'admin',
    input: (fx) => ({ schemeId: 1, depId: fx.ug.depId, studentIds: [fx.ug.studentId] }),
  },
  'schemes.leave': {
    access: 'admin',
    input: (fx) => ({ schemeId: 1, depId: fx.ug.depId, studentIds: [fx.ug.studentId] }),
  },
};
