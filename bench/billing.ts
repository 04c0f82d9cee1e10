import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBillingRun, type BillingRunFigures } from '@kiosk/payments/billing-bench';

/** Issue 11: the billing run for `count` subscriptions falling due at once, on SQLite. */
async function measureBillingHere(count: number): Promise<BillingRunFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-bench-billing-'));
  try {
    return await measureBillingRun(dir, count);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The same, in a process of its own, as a server runs its billing engine. Run at the end of
 * `npm run bench` inside the bench's own process, after the other benchmarks, the same code measured
 * 100.8 s for 100 000 subscriptions where a fresh process measured 78.5 s.
 */
export function measureBilling(count: number): Promise<BillingRunFigures> {
  const child = fork(fileURLToPath(import.meta.url), [String(count)], { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    child.once('message', (figures) => resolve(figures as BillingRunFigures));
    child.once('exit', (code) => reject(new Error(`the billing bench exited with ${code}`)));
  });
}

// `node --import tsx bench/billing.ts [count]` measures it alone (and answers a parent that forked it).
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureBillingHere(Number(process.argv[2] ?? 1000));
  if (process.send) process.send(figures);
  else console.log(figures);
}
