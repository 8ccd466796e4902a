import type { AccessRules } from '../access';

export const studentsAccess: AccessRules = {
  'students.create': {
    access: 'department',
    input: (fx) => ({
      depId: 100,
      courseId: fx.ug.courseId,
      batchId: fx.ug.batchId,
      capId: 'CAP-NEW',
      name: 'Access Check',
      admissionNo: 'UG-ACCESS',
      admissionDate: '2025-06-15',
      categoryId: 1,
      dateOfBirth: '2007-01-01',
      gender: 'Male',
      address: 'Palakkad',
      confirm: true,
    }),
  },
};
