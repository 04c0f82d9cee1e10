export * from './dates.ts';
export * from './errors.ts';
export * from './i18n/index.ts';
export * from './ids.ts';
export * from './money.ts';
export * from './pricing.ts';
export * from './roles.ts';
export * from './states/index.ts';
