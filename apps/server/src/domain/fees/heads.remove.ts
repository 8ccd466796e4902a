import { deleteFeeHead, feeHeadUsage, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { ADVANCE_HEAD, AppError, CHEQUE_BOUNCE_HEAD, LATE_FEE_HEAD, type TFeeHeadIdInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { loadFeeHead } from './shared';
import type { AuthedContext } from '../../context';

const counted = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * Only a head nothing refers to can go: receipts, discounts, fee structures and opening balances keep their heads; Late
 * fee always stays.
 */
export async function removeFeeHead(ctx: AuthedContext, input: TFeeHeadIdInput) {
  const head = await inTransaction(ctx, async (tx, ctx) => {
    const before = await loadFeeHead(tx, input.id);
    if (before.name === LATE_FEE_HEAD)
      throw new AppError('CONFLICT', `${LATE_FEE_HEAD} cannot be deleted: late fines are collected on it`);
    if (before.name === ADVANCE_HEAD)
      throw new AppError('CONFLICT', `${ADVANCE_HEAD} cannot be deleted: advances are taken on it`);
    if (before.name === CHEQUE_BOUNCE_HEAD)
      throw new AppError('CONFLICT', `${CHEQUE_BOUNCE_HEAD} cannot be deleted: bounce charges are collected on it`);
    const usage = await feeHeadUsage(tx, input.id);
    const uses = [
      usage.structures && counted(usage.structures, 'fee structure'),
      usage.discounts && counted(usage.discounts, 'discount'),
      usage.receiptLines && counted(usage.receiptLines, 'receipt line'),
      usage.openingBalances && counted(usage.openingBalances, 'opening balance'),
    ].filter(Boolean);
    if (uses.length > 0) {
      throw new AppError('CONFLICT', `${before.name} cannot be deleted: it is used by ${uses.join(', ')}`);
    }
    await deleteFeeHead(tx, input.id);
    await writeAudit(tx, { actor: actorOf(ctx), action: 'delete', entity: 'fee_head', entityId: input.id, before });
    return before;
  });
  return { Result: 'DELETED' as const, Message: `Fee head ${head.name} deleted`, id: head.id };
}
