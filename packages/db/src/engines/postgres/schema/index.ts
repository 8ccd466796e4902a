/**
 * The PostgreSQL twin of src/schema: the same tables, column names and meanings, built with pg-core.
 * A column or table added to one must be added to the other (the parity test compares them); each
 * table's meaning is documented beside its SQLite builder.
 */
export * from './academics';
export * from './accounts';
export * from './audit';
export * from './fees';
export * from './opening';
export * from './plans';
export * from './receipts';
export * from './reference';
export * from './refunds';
export * from './settings';
export * from './cheques';
