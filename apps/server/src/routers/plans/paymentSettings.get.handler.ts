import { getDepartmentPayment } from '@fees/db';
import type { TPaymentSettingsInput } from '@fees/validation';
import type { AuthedContext } from './service';

export function paymentSettingsGetHandler({ ctx, input }: { ctx: AuthedContext; input: TPaymentSettingsInput }) {
  return { depId: input.depId, ...getDepartmentPayment(ctx.db, input.depId) };
}
