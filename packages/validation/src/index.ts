export * from './auth';
export * from './common';
export * from './messages';
export * from './reference';
export * from './students';
export * from './reports';
