import type { AppRouter } from '@fees/server';
import type { inferOutput, TRPCOptionsProxy } from '@trpc/tanstack-react-query';

type Reports = TRPCOptionsProxy<AppRouter>['reports'];

export type FeeReceiptReport = inferOutput<Reports['feeReceipts']>;
export type FeeReceiptRow = FeeReceiptReport['batches'][number]['rows'][number];
export type ReceiptLines = inferOutput<Reports['receiptLines']>;
export type DuesReport = inferOutput<Reports['dues']>;
export type DuesRow = DuesReport['batches'][number]['rows'][number];
export type FeeInfoReport = inferOutput<Reports['studentFeeInfo']>;
export type FeeInfoRow = FeeInfoReport['batches'][number]['rows'][number];
export type ReceiptsBetweenDates = inferOutput<Reports['receiptsBetweenDates']>;
export type DatedReceiptRow = ReceiptsBetweenDates['rows'][number];
export type Collections = inferOutput<Reports['collections']>;
export type DayBook = inferOutput<Reports['dayBook']>;
export type CollectionsTotals = Collections['overall'];
export type Statement = inferOutput<Reports['statement']>;
export type DuesAsOf = inferOutput<Reports['duesAsOf']>;
export type DuesAsOfRow = DuesAsOf['rows'][number];
export type DuesAsOfTotals = DuesAsOf['totals'];
export type DefaulterRow = inferOutput<Reports['defaulters']>['rows'][number];
