import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureBillingRun, type BillingRunFigures } from '@kiosk/payments/billing-bench';

/** Issue 11: the billing run for `count` subscriptions falling due at once, on SQLite. */
export async function measureBilling(count: number): Promise<BillingRunFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-bench-billing-'));
  try {
    return await measureBillingRun(dir, count);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node --import tsx bench/billing.ts [count]` measures it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await measureBilling(Number(process.argv[2] ?? 1000)));
}
