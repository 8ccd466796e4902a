import type { RouterOutputs } from '../../lib/trpc';

type Refunds = RouterOutputs['refunds'];

export type RefundListRow = Refunds['list'][number];
export type RefundVoucher = Refunds['byNumber'];
