import { getDepartmentPayment } from '@fees/db';
import type { TPaymentSettingsInput } from '@fees/validation';
import type { AuthedContext } from '../../domain/plans/service';

export async function paymentSettingsGetHandler({ ctx, input }: { ctx: AuthedContext; input: TPaymentSettingsInput }) {
  return { depId: input.depId, ...(await getDepartmentPayment(ctx.db, input.depId)) };
}
