export * from './client';
export { type Params, row, rows, run, transaction } from './engine/runner';
export * from './errors';
export * from './schema';
export { seedReferenceData } from './seed';
export * from './queries';
export { inWriteTransaction, runInWriteBatch } from './write-batcher';
export { closePostgres, describePostgresUrl, openPostgres } from './engines/postgres/client';
export { isPostgres, poolOf } from './engines/postgres/database';
