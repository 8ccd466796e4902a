export * from './auth';
export * from './common';
export * from './messages';
export * from './reference';
