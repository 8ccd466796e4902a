export * from './ledger';
export * from './plan';
export * from './types';
