export * from './client';
export * from './errors';
export * from './schema';
export { seedReferenceData } from './seed';
export * from './queries';
export { inWriteTransaction, runInWriteBatch } from './write-batcher';
