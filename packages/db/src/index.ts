export * from './client';
export * from './schema';
export { seedReferenceData } from './seed';
export * from './queries';
export { runInWriteBatch } from './write-batcher';
