export { type Params, row, rows, run, transaction } from './runner';
export { inWriteTransaction, runInWriteBatch } from './write-batcher';
