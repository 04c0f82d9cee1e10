export * from './broadcast.ts';
export * from './clock.ts';
export * from './events/outbox.ts';
export * from './idempotency.ts';
export * from './paging.ts';
export * from './platform.ts';
export * from './resource.ts';
export * from './tables.ts';
