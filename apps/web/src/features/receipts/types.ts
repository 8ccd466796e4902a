import type { AppRouter } from '@fees/server';
import type { inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';

type Receipts = TRPCOptionsProxy<AppRouter>['receipts'];

export type FeeInfo = inferOutput<Receipts['feeInfo']>;
export type FeeBalanceRow = FeeInfo['rows'][number];
export type FeeBalanceTotals = FeeInfo['totals'];
export type EntryContext = inferOutput<Receipts['entryContext']>;
export type ReceiptView = inferOutput<Receipts['byNumber']>;
export type FoundStudent = inferOutput<Receipts['findStudents']>['students'][number];
