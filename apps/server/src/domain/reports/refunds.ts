import { type RefundGroup, refundGroups, refundsOfReport } from '@fees/db';
import { AppError, DEPARTMENTS, REFUND_MODES, servesEveryDepartment, type TRefundsReportInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { assertDepartmentAccess } from '../../department-access';

function total(groups: readonly RefundGroup[]) {
  return { count: groups.reduce((s, g) => s + g.count, 0), amountPaise: groups.reduce((s, g) => s + g.amountPaise, 0) };
}

/**
 * Refund vouchers of a period: one department for its staff (or an admin), every department for
 * admins only. Paid out (live) and voided apart; the live ones by payment mode and by department.
 */
export async function refundsReportOf(ctx: AuthedContext, input: TRefundsReportInput) {
  if (input.depId === undefined) {
    if (!servesEveryDepartment(ctx.session.role)) throw new AppError('FORBIDDEN', 'Administrators only');
  } else {
    assertDepartmentAccess(ctx.session, input.depId);
  }
  const { limit, ...filter } = input;
  const groups = await refundGroups(ctx.db, filter);
  const live = groups.filter((g) => g.status === 'live');
  const refunds = await refundsOfReport(ctx.db, { ...filter, limit });
  const paidOut = total(live);
  const voided = total(groups.filter((g) => g.status === 'voided'));
  return {
    rows: refunds.map((f) => ({
      number: f.number,
      date: f.date,
      departmentId: f.departmentId,
      departmentName: f.departmentName,
      studentId: f.studentId,
      admissionNo: f.admissionNo,
      studentName: f.studentName,
      amountPaise: f.amountPaise,
      paymentMode: f.paymentMode,
      paymentReference: f.paymentReference,
      reason: f.reason,
      status: f.status,
      createdByEmail: f.createdByEmail,
      voidedByEmail: f.voidedByEmail,
      voidReason: f.voidReason,
    })),
    paidOut,
    voided,
    byMode: REFUND_MODES.map((mode) => ({ mode, ...total(live.filter((g) => g.paymentMode === mode)) })).filter(
      (m) => m.count > 0,
    ),
    byDepartment: DEPARTMENTS.map((d) => ({
      depId: d.id,
      depName: d.name,
      ...total(live.filter((g) => g.depId === d.id)),
    })).filter((d) => d.count > 0),
    truncated: refunds.length < paidOut.count + voided.count,
  };
}
