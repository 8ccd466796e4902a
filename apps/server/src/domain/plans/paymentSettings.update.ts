import { getDepartmentPayment, setDepartmentPayment, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import type { TUpdatePaymentSettingsInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from './service';

/** UPI ID and payee name of a department (admins); audited. */
export function updatePaymentSettings(ctx: AuthedContext, input: TUpdatePaymentSettingsInput) {
  return inTransaction(ctx, async (tx, ctx) => {
    const before = await getDepartmentPayment(tx, input.depId);
    const after = { upiId: input.upiId, payeeName: input.payeeName };
    await setDepartmentPayment(tx, { departmentId: input.depId, ...after });
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'update',
      entity: 'department_payment',
      entityId: input.depId,
      before,
      after,
    });
    return { depId: input.depId, ...after };
  });
}
