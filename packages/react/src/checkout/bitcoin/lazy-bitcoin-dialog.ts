import { lazy } from 'react';

// The Bitcoin step, its QR encoder and its texts load only when a buyer pays by Bitcoin: a card or
// an EVM checkout never fetches them.
export const BitcoinDialog = lazy(() =>
  import('./BitcoinDialog.tsx').then((module) => ({ default: module.BitcoinDialog })),
);
