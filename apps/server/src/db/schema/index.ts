export * from './auth.ts';
export * from './properties.ts';
export * from './documents.ts';
export * from './work-orders.ts';
export * from './chat.ts';
export * from './jobs.ts';
export * from './onboarding.ts';
export * from './realtime.ts';
