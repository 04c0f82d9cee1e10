// Kiosk Store's app bundles (docs/store.md "Bundle format"): the code the CLI packs and signs with and
// the store checks uploads with, one copy for both, so a bundle the CLI makes is one the store takes.
export * from './app-did.ts';
export * from './metadata.ts';
export * from './integrity.ts';
export * from './release-signature.ts';
export * from './pack.ts';
export * from './inspect.ts';
export * from './svg-safety.ts';
export * from './problems.ts';
export * from './check-release.ts';
export * from './unpack.ts';
export * from './launch-entry.ts';
