export * from './rules.ts';
export * from './profiles.ts';
export * from './limits.ts';
