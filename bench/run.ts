/**
 * `npm run bench`: measures figures the issues ask for and prints one `name: value unit` line each.
 * Ratios compare with the bare route measured in the same run, so machines can be compared.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { postgresReachable } from '@kiosk/db/testing';
import { measureBilling } from './billing.ts';
import { embedFirstLoadBytes, firstLoadBytes, lazyBytes } from './bundle.ts';
import { measureSubmitScaling } from './cluster.ts';
import { checkoutLoadFigures, measureCheckoutLoads } from './page-load.ts';
import { measurePublish, measureSearch, SEARCH_APPS, type PublishFigures } from './store.ts';

const CONNECTIONS = 64;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

interface Measured {
  rps: number;
  p99: number;
}

async function load(url: string): Promise<Measured> {
  // A short warm-up lets the JIT settle before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

function print(name: string, value: number, unit: string): void {
  console.log(`${name}: ${value} ${unit}`);
}

const kilobytes = (bytes: number) => Math.round(bytes / 102.4) / 10;

// Each page is its own HTML entry: the server sends checkout.html for /checkout/pay/… (its chunks
// and nothing of the store's), index.html for every other page.
const homeFirstLoad = firstLoadBytes('index.html');
print('store_home_first_load_js_gzip', kilobytes(homeFirstLoad), 'KB');
print('checkout_page_first_load_js_gzip', kilobytes(firstLoadBytes('checkout.html')), 'KB');
print('embed_checkout_first_load_js_gzip', kilobytes(embedFirstLoadBytes()), 'KB');
// What a checkout that offers cards loads besides when the buyer chooses one (Stripe.js itself comes
// from Stripe, not counted): a crypto-only checkout never loads it.
print(
  'checkout_card_form_js_gzip',
  kilobytes(lazyBytes('checkout.html', '/checkout/card/CheckoutCardDialog.tsx')),
  'KB',
);

// Cold loads of the hosted checkout in a real Chromium, done before the req/s server takes the CPU.
for (const { name, value, unit } of checkoutLoadFigures(await measureCheckoutLoads()))
  print(name, value, unit);

/** The webhook receiver of the burst: answers 200 at once and notes when each delivery came. */
async function startReceiver() {
  const arrivals: number[] = [];
  const receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      arrivals.push(performance.now());
      response.end('ok');
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const { port } = receiver.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, arrivals, close: () => receiver.close() };
}

/** Waits until `count` deliveries have arrived (at most `seconds`), polling: answers the last one's time. */
async function deliveriesDone(arrivals: number[], count: number, seconds: number): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  while (arrivals.length < count) {
    if (performance.now() > deadline) throw new Error(`webhooks: ${arrivals.length} of ${count} delivered`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return arrivals[count - 1]!;
}

/** Bare route and retrieve, measured against one server process on `engine`; then a webhook burst. */
async function measureRetrieve(engine: 'sqlite' | 'postgres'): Promise<void> {
  const receiver = await startReceiver();
  const child = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOG_LEVEL: 'silent', BENCH_ENGINE: engine, BENCH_WEBHOOK_URL: receiver.url },
  });
  type Ready = { url: string; plainUrl: string; sessionId: string };
  const { url, plainUrl, sessionId } = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (message) => resolve(message as Ready));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  try {
    const plain = await load(`${plainUrl}/bench/bare`);
    print(`plain_fastify_bare_rps_${engine}`, plain.rps, 'req/s');
    const bare = await load(`${url}/bench/bare`);
    print(`bare_route_rps_${engine}`, bare.rps, 'req/s');
    print(`bare_route_p99_${engine}`, bare.p99, 'ms');
    print(`bare_vs_plain_fastify_rps_${engine}`, Math.round((bare.rps / plain.rps) * 1000) / 1000, 'ratio');
    const retrieve = await load(`${url}/api/checkout-sessions/retrieve/${sessionId}`);
    print(`retrieve_rps_${engine}`, retrieve.rps, 'req/s');
    print(`retrieve_p99_${engine}`, retrieve.p99, 'ms');
    print(`retrieve_vs_bare_rps_${engine}`, Math.round((retrieve.rps / bare.rps) * 1000) / 1000, 'ratio');

    // Issue 23: 1,000 events at once, delivered to a local receiver while the API answers retrieves.
    const started = performance.now();
    child.send('burst');
    const [{ burst }] = (await once(child, 'message')) as [{ burst: number }];
    const during = await autocannon({
      url: `${url}/api/checkout-sessions/retrieve/${sessionId}`,
      connections: CONNECTIONS,
      duration: 5,
    });
    const inFlight = receiver.arrivals.length < burst;
    const last = await deliveriesDone(receiver.arrivals, burst, 300);
    print(
      `webhook_deliveries_per_second_${engine}`,
      Math.round(burst / ((last - started) / 1000)),
      'deliveries/s',
    );
    print(`retrieve_p99_during_webhook_burst_${engine}`, during.latency.p99, 'ms');
    if (!inFlight) console.log(`(the ${burst} deliveries were done before the retrieves were)`);
  } finally {
    child.send('stop');
    await once(child, 'exit');
    receiver.close();
  }
}

await measureRetrieve('sqlite');
if (await postgresReachable()) await measureRetrieve('postgres');
else console.log('retrieve on postgres: skipped (PostgreSQL is not reachable)');

// Issue 27 item 6: checkout submit (real writes, an Idempotency-Key each) against one server process,
// then two on the same PostgreSQL database, the load split between them.
if (await postgresReachable()) {
  const { oneProcess, twoProcesses } = await measureSubmitScaling();
  print('submit_rps_pg_one_process', oneProcess.rps, 'req/s');
  print('submit_p99_pg_one_process', oneProcess.p99, 'ms');
  print('submit_rps_pg_two_processes', twoProcesses.rps, 'req/s');
  print('submit_p99_pg_two_processes', twoProcesses.p99, 'ms');
  const ratio = Math.round((twoProcesses.rps / oneProcess.rps) * 1000) / 1000;
  print('submit_two_vs_one_process_ratio', ratio, 'ratio');
} else console.log('submit on two processes: skipped (PostgreSQL is not reachable)');

// Issue 12 and 27 items 4 and 5: the store front's search over SEARCH_APPS apps (100 000), on each
// engine, beside the bare route's latency in the same server; then publishing a 5 MB and a 50 MB
// bundle beside hashing and copying their bytes.
for (const engine of ['sqlite', 'postgres'] as const) {
  if (engine === 'postgres' && !(await postgresReachable())) {
    console.log('search on postgres: skipped (PostgreSQL is not reachable)');
    continue;
  }
  const search = await measureSearch(engine);
  print(`store_search_${SEARCH_APPS}_apps_p50_${engine}`, search.searchP50, 'ms');
  print(`store_search_${SEARCH_APPS}_apps_p99_${engine}`, search.searchP99, 'ms');
  print(`store_bare_route_p50_${engine}`, search.bareP50, 'ms');
  print(`store_bare_route_p99_${engine}`, search.bareP99, 'ms');
}
const publish = await measurePublish();
const publishRatio = ({ uploadMs, hashAndCopyMs }: PublishFigures) =>
  Math.round((uploadMs / hashAndCopyMs) * 10) / 10;
print('store_publish_5mb_bundle', publish.fiveMb.uploadMs, 'ms');
print('store_publish_5mb_throughput', publish.fiveMb.megabytesPerSecond, 'MB/s');
print('store_publish_5mb_hash_and_copy_baseline', publish.fiveMb.hashAndCopyMs, 'ms');
print('store_publish_vs_hash_and_copy', publishRatio(publish.fiveMb), 'x');
print('store_publish_50mb_bundle', publish.fiftyMb.uploadMs, 'ms');
print('store_publish_50mb_throughput', publish.fiftyMb.megabytesPerSecond, 'MB/s');
print('store_publish_50mb_hash_and_copy_baseline', publish.fiftyMb.hashAndCopyMs, 'ms');
print('store_publish_vs_hash_and_copy_50mb', publishRatio(publish.fiftyMb), 'x');

// Issue 11: the billing run (the sweep's invoices, then their collection through a stub adapter by
// the job runner) for subscriptions falling due at once, on SQLite.
const BILLING_SUBSCRIPTIONS = Number(process.env.BENCH_BILLING_SUBSCRIPTIONS ?? 100_000);
const billing = await measureBilling(BILLING_SUBSCRIPTIONS);
if (billing.paidInvoices !== BILLING_SUBSCRIPTIONS)
  throw new Error(`billing bench: ${billing.paidInvoices} of ${BILLING_SUBSCRIPTIONS} invoices paid`);
print(`billing_run_${BILLING_SUBSCRIPTIONS}_subscriptions_invoicing`, billing.invoicingMs / 1000, 's');
print(`billing_run_${BILLING_SUBSCRIPTIONS}_subscriptions_collecting`, billing.collectingMs / 1000, 's');
print(`billing_run_${BILLING_SUBSCRIPTIONS}_subscriptions_total`, billing.totalMs / 1000, 's');
print(
  'billing_run_per_subscription',
  Math.round((billing.totalMs / BILLING_SUBSCRIPTIONS) * 100) / 100,
  'ms',
);
// The baseline in the same run: as many invoice rows inserted raw, without the engine around them.
print(`billing_raw_invoice_insert_${BILLING_SUBSCRIPTIONS}`, billing.rawInvoiceInsertMs / 1000, 's');
print('billing_run_vs_raw_insert', Math.round(billing.totalMs / billing.rawInvoiceInsertMs), 'x');
