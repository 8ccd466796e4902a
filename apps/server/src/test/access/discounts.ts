import type { AccessRules } from './rule';

const discount = {
  depId: 100,
  courseId: 1003,
  discount: '100.00',
  adjustment: '0',
  note: 'Sports quota',
  confirm: true,
};

export const discountsAccess: AccessRules = {
  'discounts.list': { access: 'discount', input: () => ({ depId: 100 }) },
  'discounts.byId': { access: 'discount', input: (fx) => ({ id: fx.ug.discountId }) },
  'discounts.studentsOfBatch': { access: 'discount', input: (fx) => ({ depId: fx.ug.depId, batchId: fx.ug.batchId }) },
  'discounts.create': {
    access: 'discount',
    input: (fx) => ({ ...discount, batchId: fx.ug.batchId, studentId: fx.ug.studentId, feeHeadId: fx.heads.exam }),
  },
  'discounts.update': {
    access: 'discount',
    input: (fx) => ({
      ...discount,
      id: fx.ug.discountId,
      batchId: fx.ug.batchId,
      studentId: fx.ug.studentId,
      feeHeadId: fx.heads.tuition,
    }),
  },
  'discounts.remove': { access: 'discount', input: (fx) => ({ id: fx.ug.discountId }) },
};
