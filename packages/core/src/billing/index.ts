export * from './periods.ts';
export * from './proration.ts';
export * from './reasons.ts';
export * from './stake.ts';
export * from './trial-countdown.ts';
