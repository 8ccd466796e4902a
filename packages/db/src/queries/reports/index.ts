/**
 * The reports. Every figure obeys one identity: for a student and a fee head of the student's batch's
 * fee structure, fee = the structure's amount, discount = discount + adjustment, paid = that head's
 * lines on the student's live receipts, balance = fee - discount - paid; a student's totals are sums
 * over those heads. Voided receipts count nowhere. Totals are computed by SQLite (window functions
 * over the selected rows), never by summing rows in JavaScript.
 */
export * from './collections';
export * from './dues';
export * from './fee-receipts';
export * from './receipt-lines';
export * from './receipts-between-dates';
export * from './sponsor-collections';
export type { BatchGroup, ReceiptTotals } from './shared';
export * from './statement';
export * from './student-fee-info';
