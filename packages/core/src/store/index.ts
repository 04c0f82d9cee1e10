export * from './rule-problem.ts';
export * from './app-name.ts';
export * from './versions.ts';
export * from './squatting.ts';
export * from './secrets.ts';
