import type { RouterOutputs } from '../../lib/trpc';

type Receipts = RouterOutputs['receipts'];

export type FeeInfo = Receipts['feeInfo'];
export type FeeBalanceRow = FeeInfo['rows'][number];
export type FeeBalanceTotals = FeeInfo['totals'];
export type EntryContext = Receipts['entryContext'];
export type ReceiptView = Receipts['byNumber'];
export type FoundStudents = Receipts['findStudents'];
export type FoundStudent = FoundStudents['students'][number];
