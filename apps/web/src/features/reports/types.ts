import type { RouterOutputs } from '../../lib/trpc';

type Reports = RouterOutputs['reports'];

export type FeeReceiptReport = Reports['feeReceipts'];
export type FeeReceiptRow = FeeReceiptReport['batches'][number]['rows'][number];
export type ReceiptLines = Reports['receiptLines'];
export type DuesReport = Reports['dues'];
export type DuesRow = DuesReport['batches'][number]['rows'][number];
export type FeeInfoReport = Reports['studentFeeInfo'];
export type FeeInfoRow = FeeInfoReport['batches'][number]['rows'][number];
export type ReceiptsBetweenDates = Reports['receiptsBetweenDates'];
export type DatedReceiptRow = ReceiptsBetweenDates['rows'][number];
export type DatedSponsorReceiptRow = ReceiptsBetweenDates['sponsorRows'][number];
export type Collections = Reports['collections'];
export type DayBook = Reports['dayBook'];
export type CollectionsTotals = Collections['overall'];
export type Statement = Reports['statement'];
export type DuesAsOf = Reports['duesAsOf'];
export type DuesAsOfRow = DuesAsOf['rows'][number];
export type DuesAsOfTotals = DuesAsOf['totals'];
export type DefaulterRow = Reports['defaulters']['rows'][number];
