import type { AppRouter } from '@fees/server';
import type { inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';

type Refunds = TRPCOptionsProxy<AppRouter>['refunds'];

export type RefundListRow = inferOutput<Refunds['list']>[number];
export type RefundVoucher = inferOutput<Refunds['byNumber']>;
