/**
 * GET /fee-estimates: a fixed table in sat/vB for Esplora's targets (1–25, 144, 504, 1008 blocks). A
 * regtest mempool has no market to estimate from; these are plausible and fall as the target grows,
 * which is all a client's fee choice needs to be exercised.
 */
export const feeEstimates: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(
    [...Array.from({ length: 25 }, (_, i) => i + 1), 144, 504, 1008].map((target) => [
      String(target),
      target === 1
        ? 12.5
        : target <= 3
          ? 10.2
          : target <= 6
            ? 8.1
            : target <= 12
              ? 5.4
              : target <= 25
                ? 3.3
                : 1.0,
    ]),
  ),
);
