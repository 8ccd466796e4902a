export * from './allocation';
export * from './dates';
export * from './generators';
export * from './types';
export * from './schemas';
