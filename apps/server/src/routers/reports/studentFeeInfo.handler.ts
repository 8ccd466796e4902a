import { studentFeeInfoReport } from '@fees/db';
import type { TStudentFeeReportInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

export function studentFeeInfoHandler({ ctx, input }: { ctx: AuthedContext; input: TStudentFeeReportInput }) {
  return studentFeeInfoReport(ctx.db, input);
}
