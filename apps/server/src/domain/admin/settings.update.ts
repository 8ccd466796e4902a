import {
  setBackdateLimitDays,
  setDepartmentGstin,
  setGstRateBasisPoints,
  setStaffMayCloseDay,
  upsertLetterhead,
  writeAudit,
} from '@fees/db';
import { inTransaction } from '../write';
import type { TUpdateSettingsInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { Context } from '../../context';
import { readSettings } from './settings.get';

/**
 * Changes the default GST rate of heads marked taxable, the back-dating limit and letterheads with the
 * departments' GSTINs; receipts already issued keep what they were issued with.
 */
export async function updateSettings(ctx: Context, input: TUpdateSettingsInput) {
  const after = await inTransaction(ctx, async (tx, ctx) => {
    const before = await readSettings(tx);
    if (input.gstRate !== undefined) await setGstRateBasisPoints(tx, input.gstRate);
    if (input.backdateLimitDays !== undefined) await setBackdateLimitDays(tx, input.backdateLimitDays);
    if (input.staffMayCloseDay !== undefined) await setStaffMayCloseDay(tx, input.staffMayCloseDay);
    for (const l of input.letterheads ?? []) {
      await upsertLetterhead(tx, {
        departmentId: l.depId,
        institutionName: l.institutionName,
        address: l.address,
        phone: l.phone,
      });
      if (l.gstin !== undefined) await setDepartmentGstin(tx, { departmentId: l.depId, gstin: l.gstin });
    }
    const saved = await readSettings(tx);
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'update',
      entity: 'settings',
      entityId: 1,
      before,
      after: saved,
    });
    return saved;
  });
  return { Result: 'SAVED' as const, Message: 'Settings saved', ...after };
}
