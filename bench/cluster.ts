/**
 * Issue 27 item 6, two processes on one PostgreSQL: the throughput of checkout submit (real writes,
 * an Idempotency-Key each) against one server process, then against two server processes on the same
 * database, so growth past one process is measured, not assumed.
 *
 * The bench's process forks this file twice: the first server makes a fresh database and the catalog
 * (a merchant, an EVM method, a product with a price and a payment link); the second boots on the
 * same database (the first one's DATABASE_URL and data dir, through the test kit's `database`
 * option) once the first has migrated it. The bench's process signs the buyers in and starts every
 * session before the timed windows, then loads the servers with autocannon, each request submitting a
 * session not yet submitted.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { TestWallet } from '@kiosk/test-wallet';

const CONNECTIONS = 64;
/**
 * Each timed window, in seconds. Every submit needs a session started before it (about as much work
 * as the submit itself), so the windows are short for the whole figure to stay about a minute.
 */
const WINDOW_S = Math.min(Number(process.env.BENCH_SECONDS ?? 10), 5);
/** The untimed run before each window (the JIT settles, pools fill); it also measures the pace. */
const WARM_UP_REQUESTS = CONNECTIONS * 6;
/**
 * Buyers, each signed in once; request i is buyer i % BUYERS's, so that with 64 requests in flight a
 * buyer rarely has two submits at once (as in life: one buyer, one checkout at a time).
 */
const BUYERS = 128;

/** What the first server process answers once its catalog is made. */
interface Catalog {
  url: string;
  databaseUrl: string;
  dataDir: string;
  linkId: string;
  methodId: string;
  currencyId: string;
}

export interface Throughput {
  rps: number;
  p99: number;
}

export interface SubmitScaling {
  oneProcess: Throughput;
  twoProcesses: Throughput;
}

/** A server process of this file; `env` says which database it joins (none: a fresh one). */
async function forkServer(
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; ready: unknown }> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  });
  const ready = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`cluster bench server exited with ${code}`)));
  });
  return { child, ready };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.send('stop');
  await once(child, 'exit');
}

/** Runs `work` on every item, `concurrency` at a time. */
async function inParallel<T, R>(items: T[], concurrency: number, work: (item: T, i: number) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!, i);
      }
    }),
  );
  return results;
}

/** Starts `count` sessions from the payment link as anonymous visitors, spread over the servers. */
function startSessions(urls: string[], linkId: string, count: number): Promise<string[]> {
  return inParallel(Array.from({ length: count }), 32, async (_, i) => {
    const response = await fetch(`${urls[i % urls.length]}/api/checkout-sessions/start/${linkId}`, {
      method: 'POST',
    });
    const body = (await response.json()) as { checkoutSession?: { id: string } };
    if (response.status !== 200 || !body.checkoutSession)
      throw new Error(`start: ${response.status} ${JSON.stringify(body)}`);
    return body.checkoutSession.id;
  });
}

/**
 * The submits of one measurement: each request takes the next session not yet submitted, its buyer's
 * cookie and a fresh Idempotency-Key. `sessions` grows between runs (more are started as needed).
 */
function submitter(catalog: Catalog, cookies: string[]) {
  const run = randomUUID();
  const sessions: string[] = [];
  /** Sessions taken by a request; requests sent (each its own key); requests that found none left. */
  let taken = 0;
  let sent = 0;
  let short = 0;
  let answered = 0;
  const bodies = cookies.map((_, b) =>
    JSON.stringify({
      customer_name: `Buyer ${b}`,
      customer_email: `buyer${b}@example.com`,
      payment_method: catalog.methodId,
      payment_currency: catalog.currencyId,
    }),
  );
  const request = (): autocannon.Request => ({
    method: 'PUT',
    setupRequest: (request) => {
      const i = sent++;
      const buyer = i % cookies.length;
      // Past the prepared sessions a request names none (answered 404): the window is run again.
      let id = 'cs_none_left';
      if (taken < sessions.length) id = sessions[taken++]!;
      else short++;
      return {
        ...request,
        path: `/api/checkout-sessions/${id}/submit`,
        headers: {
          'content-type': 'application/json',
          cookie: cookies[buyer]!,
          'idempotency-key': `bench-${run}-${i}`,
        },
        body: bodies[buyer]!,
      };
    },
  });

  /**
   * Submits against `urls`, for `amount` requests or for `duration` seconds; `ranOut` when the
   * prepared sessions were not enough (the run's 404s are then the bench's own, and it does not count).
   */
  async function load(urls: string[], limit: { amount: number } | { duration: number }) {
    const result = await autocannon({
      // One load generator for one process and for two: the same client, the same 64 connections,
      // one latency histogram; autocannon gives the urls' connections in turn (32 to each of two).
      // Its README allows several urls; its types say one.
      url: urls as unknown as string,
      connections: CONNECTIONS,
      ...limit,
      // A request per client is built as the client is made, before `setupClient`: a static one
      // here, so that it takes no session. Each client then gets a submit of its own (autocannon's
      // first request buffer lives on the shared request object otherwise: every client would send
      // the last one built first).
      requests: [{ method: 'GET', path: '/' }],
      setupClient: (client) => client.setRequests([request()]),
    });
    const ranOut = short > 0;
    short = 0;
    answered += result['2xx'];
    if (result.errors > 0 || result.timeouts > 0 || (!ranOut && result.non2xx > 0))
      throw new Error(
        `submit bench: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
      );
    return { result, ranOut };
  }

  return {
    /** Sessions to start before taking `count` more. */
    missing: (count: number) => Math.max(0, taken + count - sessions.length),
    add: (ids: string[]) => {
      sessions.push(...ids);
    },
    taken: () => taken,
    answered: () => answered,
    load,
  };
}

/**
 * One configuration: an untimed warm-up of WARM_UP_REQUESTS submits, whose best second says how many
 * sessions the timed window needs (started then, before it, with half again to spare), then the
 * window; again, with more sessions, if they ran out (the machine was faster than in the warm-up).
 */
async function measure(
  submits: ReturnType<typeof submitter>,
  start: (count: number) => Promise<void>,
  urls: string[],
): Promise<Throughput> {
  await start(submits.missing(WARM_UP_REQUESTS));
  const { result: warm } = await submits.load(urls, { amount: WARM_UP_REQUESTS });
  let pace = Math.max(warm.requests.max, warm.requests.total / warm.duration);
  for (let attempt = 1; ; attempt++) {
    await start(submits.missing(Math.ceil(pace * WINDOW_S * 1.5) + 2 * CONNECTIONS));
    const { result, ranOut } = await submits.load(urls, { duration: WINDOW_S });
    if (!ranOut) return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
    if (attempt === 3) throw new Error(`submit bench: the sessions ran out in ${attempt} windows`);
    pace = Math.max(pace * 1.5, result.requests.max);
  }
}

/** Asks a server process how many payment intents the database holds. */
async function paymentIntents(child: ChildProcess): Promise<number> {
  child.send('count');
  const [{ intents }] = (await once(child, 'message')) as [{ intents: number }];
  return intents;
}

/** Forks two server processes on one PostgreSQL database and measures submit on one, then on both. */
export async function measureSubmitScaling(): Promise<SubmitScaling> {
  const first = await forkServer();
  let second: ChildProcess | undefined;
  try {
    const catalog = first.ready as Catalog;
    const joined = await forkServer({
      BENCH_CLUSTER_DATABASE_URL: catalog.databaseUrl,
      BENCH_CLUSTER_DATA_DIR: catalog.dataDir,
    });
    second = joined.child;
    const { url: secondUrl } = joined.ready as { url: string };
    const urls = [catalog.url, secondUrl];
    // Signed in on the first; a session is a row of the shared database, so the second knows it too.
    const cookies = await inParallel(Array.from({ length: BUYERS }), 16, async () => {
      const { cookie } = await TestWallet.random().signIn(catalog.url);
      return cookie;
    });
    const submits = submitter(catalog, cookies);
    const start = async (count: number) => submits.add(await startSessions(urls, catalog.linkId, count));

    // The second process idles through the first window (its job runner polls once a second).
    const oneProcess = await measure(submits, start, [catalog.url]);
    const twoProcesses = await measure(submits, start, urls);

    // Real writes: every submit answered 2xx made its payment intent (the requests still in flight as
    // a window closed may have made theirs too).
    const intents = await paymentIntents(first.child);
    if (intents < submits.answered() || intents > submits.taken())
      throw new Error(`submit bench: ${intents} payment intents for ${submits.answered()} submits answered`);
    return { oneProcess, twoProcesses };
  } finally {
    if (second) await stopServer(second);
    await stopServer(first.child);
  }
}

/** A server process: boots the real server, makes the catalog if it made the database, and waits. */
async function serve(): Promise<void> {
  await import('../test/setup/test-server.ts');
  const { evmMethodBody, merchantOf, startTestServer } = await import('@kiosk/testkit');
  const databaseUrl = process.env.BENCH_CLUSTER_DATABASE_URL;
  const dataDir = process.env.BENCH_CLUSTER_DATA_DIR;
  const server = await startTestServer('postgres', {
    // Production's poll interval, not the tests' 20 ms.
    env: { KIOSK_JOB_POLL_MS: '1000' },
    // Joining: the first process's database, which the first process deletes at the end.
    ...(databaseUrl &&
      dataDir && { database: { engine: 'postgres', databaseUrl, dataDir, dispose: async () => {} } }),
  });
  if (databaseUrl) process.send?.({ url: server.url });
  else {
    const merchant = await merchantOf(server);
    const method = (await merchant.test('/api/payment-methods', { method: 'POST', body: evmMethodBody() }))
      .body;
    const currencyId = method.payment_currencies[0].id as string;
    const product = await merchant.test('/api/products', {
      method: 'POST',
      body: { name: 'Bench poster', prices: [{ currency_id: currencyId, unit_amount: '2500000' }] },
    });
    const link = await merchant.test('/api/payment-links', {
      method: 'POST',
      body: { line_items: [{ price_id: product.body.prices[0].id, quantity: 2 }] },
    });
    if (link.status !== 201) throw new Error(`payment link: ${JSON.stringify(link.body)}`);
    const catalog: Catalog = {
      url: server.url,
      databaseUrl: server.database.databaseUrl!,
      dataDir: server.database.dataDir,
      linkId: link.body.id,
      methodId: method.id,
      currencyId,
    };
    process.send?.(catalog);
  }
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  // A bench that died leaves no server behind (nor, for the first, its database).
  process.once('disconnect', stop);
  process.on('message', async (message) => {
    if (message === 'count') {
      const row = await server.app.kiosk.database.db
        .selectFrom('payment_intents')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      process.send?.({ intents: Number(row.n) });
    }
    if (message === 'stop') await stop();
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await serve();
