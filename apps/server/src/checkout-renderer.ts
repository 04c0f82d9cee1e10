import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { Locale } from '@kiosk/core';

/** What the web build's renderer (apps/web/src/checkout-server.tsx) takes and answers. */
export interface RenderInput {
  state: { id: string; envelope: unknown; session: unknown; locale: Locale };
  search: string;
  cookies: string;
  phone: boolean;
  origin: string;
}

export interface RenderedCheckout {
  html: string;
  head: string;
  state: string;
}

export interface CheckoutRenderer {
  render(input: RenderInput): Promise<RenderedCheckout>;
  close(): Promise<void>;
}

/** Longer than any page takes to draw: past it the visitor gets the plain page. */
const RENDER_TIMEOUT_MS = 5_000;

// CommonJS, as an eval worker is: it loads the renderer by its address and draws one page per message.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const loaded = import(workerData.file);
parentPort.on('message', async ({ id, input }) => {
  try {
    const { renderCheckoutPage } = await loaded;
    parentPort.postMessage({ id, page: await renderCheckoutPage(input) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.stack || error) });
  }
});
`;

/**
 * The checkout's renderer in a worker thread of its own: drawing a page takes tens of milliseconds of
 * CPU, which on the server's own thread would hold up every other request meanwhile.
 */
export function startCheckoutRenderer(file: string): CheckoutRenderer {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: pathToFileURL(file).href } });
  // The server never waits for it to exit.
  worker.unref();
  const waiting = new Map<
    number,
    { resolve: (page: RenderedCheckout) => void; reject: (error: Error) => void }
  >();
  let next = 0;
  worker.on('message', ({ id, page, error }: { id: number; page?: RenderedCheckout; error?: string }) => {
    const caller = waiting.get(id);
    waiting.delete(id);
    if (page) caller?.resolve(page);
    else caller?.reject(new Error(error));
  });
  const failAll = (error: Error) => {
    for (const caller of waiting.values()) caller.reject(error);
    waiting.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => failAll(new Error(`the checkout renderer exited with ${code}`)));

  return {
    render(input) {
      const id = next++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`the checkout renderer took over ${RENDER_TIMEOUT_MS} ms`));
        }, RENDER_TIMEOUT_MS);
        const settle =
          <T>(done: (value: T) => void) =>
          (value: T) => {
            clearTimeout(timer);
            done(value);
          };
        waiting.set(id, { resolve: settle(resolve), reject: settle(reject) });
        worker.postMessage({ id, input });
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
