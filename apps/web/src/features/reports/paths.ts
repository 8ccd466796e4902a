import type { Department } from '../../lib/departments';

/**
 * Where the reports live: under the department's prefix, or, in the admin shell, the admin routes
 * that name the department (/admin/rptfee/{depId}/{deptName}, the old app's paths). The student fee
 * report has no admin route.
 */
export function reportPaths(department: Department, adminArea: boolean) {
  const base = `/${department.prefix}`;
  if (adminArea) {
    const name = encodeURIComponent(department.name);
    return {
      menu: `/admin/rptview/${department.id}`,
      feeReceipts: `/admin/rptfee/${department.id}/${name}`,
      dues: `/admin/dues/${department.id}/${name}`,
      duesAsOf: `/admin/duesasof/${department.id}`,
      defaulters: `/admin/defaulters/${department.id}`,
      notices: `/admin/notices/${department.id}`,
      studentFee: null,
      betweenDates: `/admin/rcpt_dtws/${department.id}/${name}`,
      collections: '/admin/collections',
      dayBook: '/admin/daybook',
      refunds: '/admin/refunds',
      concessions: `/admin/concessions/${department.id}`,
      statement: (studentId: number) => `/admin/statement/${department.id}/${studentId}`,
    };
  }
  return {
    menu: `${base}/rptview/`,
    feeReceipts: `${base}/rptfee/`,
    dues: `${base}/dues/`,
    duesAsOf: `${base}/duesasof/`,
    defaulters: `${base}/defaulters/`,
    notices: `${base}/notices/`,
    studentFee: `${base}/finfo/`,
    betweenDates: `${base}/rcpt_dtws/`,
    collections: `${base}/collections/`,
    dayBook: `${base}/daybook/`,
    refunds: `${base}/rptrefunds/`,
    concessions: `${base}/concessions/`,
    statement: (studentId: number) => `${base}/statement/${studentId}`,
  };
}
