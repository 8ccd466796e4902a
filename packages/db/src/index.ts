export * from './client';
export {
  engineVersion,
  inWriteTransaction,
  row,
  rows,
  run,
  runInWriteBatch,
  transaction,
} from './engines';
export { sqliteDatabase } from './engines/sqlite';
export * from './errors';
export * from './schema';
export { seedReferenceData } from './seed';
export * from './queries';
export * from './derived';
export { closePostgres, describePostgresUrl, openPostgres } from './engines/postgres/client';
export { isPostgres, poolOf } from './engines/postgres/database';
export { type CopyResult, copySqliteToPostgres, type TableCheck } from './engines/postgres/copy';
