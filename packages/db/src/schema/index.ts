export * from './academics';
export * from './accounts';
export * from './audit';
export * from './fees';
export * from './receipts';
export * from './reference';
export * from './settings';
export * from './plans';
