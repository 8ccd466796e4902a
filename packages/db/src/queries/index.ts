export * from './audit';
export * from './reference';
export * from './sessions';
export * from './users';
export * from './students';
export * from './reports';
