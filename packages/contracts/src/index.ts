export * from './roles.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './account.ts';
export * from './properties.ts';
export * from './work-orders.ts';
export * from './documents.ts';
export * from './users.ts';
