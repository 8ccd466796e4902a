import { admissionsByCourse, departmentDayTotal } from '@fees/db';
import type { TStudentsDashboardInput } from '@fees/validation';
import { today } from '../../config';
import type { AuthedContext } from '../../context';

/** The department home: three cards (two fixed at 0.00 by the spec) and admissions per course. */
export async function departmentDashboard(ctx: AuthedContext, input: TStudentsDashboardInput) {
  const date = today();
  return {
    date,
    adminTotalPaise: 0,
    todayTotalPaise: await departmentDayTotal(ctx.db, { departmentId: input.depId, date }),
    salaryTotalPaise: 0,
    admissions: await admissionsByCourse(ctx.db, { departmentId: input.depId }),
  };
}
