import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Chain } from './chain.ts';
import {
  addressStats,
  blockJson,
  blockStatus,
  history,
  outspend,
  txJson,
  txStatus,
  utxos,
} from './esplora-json.ts';
import { feeEstimates } from './fee-estimates.ts';
import { scriptOf } from './scripts.ts';
import { judge } from './validate.ts';

/** An answer as electrs writes it: JSON, text (hashes, heights, errors), or raw bytes. */
type Answer =
  | { status?: number; json: unknown }
  | { status?: number; text: string }
  | { status?: number; bytes: Uint8Array };

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const notFound = (message: string) => new HttpError(404, message);
const badRequest = (message: string) => new HttpError(400, message);

const MAX_BODY = 4 << 20;
const CHAIN_TXS_PER_PAGE = 25;
const MAX_MEMPOOL_TXS = 50;

type Handler = (chain: Chain, params: string[], body: string, query: URLSearchParams) => Answer;
const routes: [method: 'GET' | 'POST', pattern: RegExp, handler: Handler][] = [
  ['GET', /^\/blocks\/tip\/height$/, (chain) => ({ text: String(chain.tip().height) })],
  ['GET', /^\/blocks\/tip\/hash$/, (chain) => ({ text: chain.tip().hash })],
  ['GET', /^\/block-height\/([^/]+)$/, (chain, [height]) => ({ text: blockAtHeight(chain, height).hash })],
  ['GET', /^\/block\/([^/]+)$/, (chain, [hash]) => ({ json: blockJson(block(chain, hash)) })],
  [
    'GET',
    /^\/block\/([^/]+)\/status$/,
    (chain, [hash]) => ({ json: blockStatus(chain, block(chain, hash)) }),
  ],
  ['GET', /^\/block\/([^/]+)\/txids$/, (chain, [hash]) => ({ json: block(chain, hash).txids })],
  ['GET', /^\/block\/([^/]+)\/header$/, (chain, [hash]) => ({ text: block(chain, hash).block.toHex(true) })],
  ['GET', /^\/block\/([^/]+)\/raw$/, (chain, [hash]) => ({ bytes: block(chain, hash).block.toBuffer() })],
  ['GET', /^\/tx\/([^/]+)$/, (chain, [txid]) => ({ json: txJson(chain, tx(chain, txid)) })],
  ['GET', /^\/tx\/([^/]+)\/status$/, (chain, [txid]) => ({ json: txStatus(chain, hash(txid)) })],
  ['GET', /^\/tx\/([^/]+)\/hex$/, (chain, [txid]) => ({ text: tx(chain, txid).tx.toHex() })],
  ['GET', /^\/tx\/([^/]+)\/raw$/, (chain, [txid]) => ({ bytes: tx(chain, txid).tx.toBuffer() })],
  [
    'GET',
    /^\/tx\/([^/]+)\/outspend\/([^/]+)$/,
    (chain, [txid, vout]) => ({ json: outspend(chain, hash(txid), integer(vout)) }),
  ],
  [
    'GET',
    /^\/tx\/([^/]+)\/outspends$/,
    (chain, [txid]) => {
      const record = tx(chain, txid);
      return { json: record.tx.outs.map((_, vout) => outspend(chain, record.txid, vout)) };
    },
  ],
  ['POST', /^\/tx$/, (chain, _, body) => broadcast(chain, body)],
  [
    'GET',
    /^\/address\/([^/]+)$/,
    (chain, [address]) => ({ json: { address, ...addressStats(chain, script(address)) } }),
  ],
  [
    'GET',
    /^\/address\/([^/]+)\/txs$/,
    (chain, [address]) => ({ json: addressTxs(chain, address ?? '', 'all') }),
  ],
  [
    'GET',
    /^\/address\/([^/]+)\/txs\/mempool$/,
    (chain, [address]) => ({ json: addressTxs(chain, address ?? '', 'mempool') }),
  ],
  [
    'GET',
    /^\/address\/([^/]+)\/txs\/chain(?:\/([^/]+))?$/,
    (chain, [address, lastSeen]) => ({ json: addressTxs(chain, address ?? '', 'chain', lastSeen) }),
  ],
  ['GET', /^\/address\/([^/]+)\/utxo$/, (chain, [address]) => ({ json: utxos(chain, script(address)) })],
  ['GET', /^\/mempool\/txids$/, (chain) => ({ json: chain.mempoolTxs().map((record) => record.txid) })],
  ['GET', /^\/fee-estimates$/, () => ({ json: feeEstimates })],
];

/** The stand-in's own test controls, for another process (the CLI's chain); Esplora has none of them. */
export interface Controls {
  mine(count: number, toAddress?: string): string[];
  fund(address: string, sats: bigint): string;
  reorg(depth: number): void;
}

function controlRoutes(controls: Controls): typeof routes {
  const param = (query: URLSearchParams, name: string) => {
    const value = query.get(name);
    if (value === null) throw badRequest(`Missing ${name}`);
    return value;
  };
  const attempt = <T>(run: () => T): T => {
    try {
      return run();
    } catch (error) {
      throw badRequest(error instanceof Error ? error.message : String(error));
    }
  };
  return [
    [
      'POST',
      /^\/_standin\/mine$/,
      (_, __, ___, query) => ({
        json: attempt(() =>
          controls.mine(integer(query.get('blocks') ?? '1'), query.get('address') ?? undefined),
        ),
      }),
    ],
    [
      'POST',
      /^\/_standin\/fund$/,
      (_, __, ___, query) => ({
        text: attempt(() => controls.fund(param(query, 'address'), BigInt(integer(param(query, 'sats'))))),
      }),
    ],
    [
      'POST',
      /^\/_standin\/reorg$/,
      (chain, __, ___, query) => {
        attempt(() => controls.reorg(integer(param(query, 'depth'))));
        return { text: String(chain.tip().height) };
      },
    ],
  ];
}

export function createEsploraServer(chain: Chain, controls: Controls): Server {
  const all = [...routes, ...controlRoutes(controls)];
  return createServer((req, res) => {
    readBody(req)
      .then((body) => answer(chain, all, req, body))
      .catch((error: unknown) => failure(error))
      .then((reply) => {
        const [type, body] =
          'json' in reply
            ? ['application/json', JSON.stringify(reply.json)]
            : 'bytes' in reply
              ? ['application/octet-stream', reply.bytes]
              : ['text/plain', reply.text];
        // As blockstream.info answers: a page may read it from any origin.
        res.writeHead(reply.status ?? 200, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*' });
        res.end(body);
      });
  });
}

function answer(chain: Chain, all: typeof routes, req: IncomingMessage, body: string): Answer {
  const url = new URL(req.url ?? '/', 'http://standin');
  const path = url.pathname;
  for (const [method, pattern, handler] of all) {
    const match = req.method === method ? pattern.exec(path) : null;
    if (match) {
      const params = match.slice(1).map((part) => decodeURIComponent(part ?? ''));
      return handler(chain, params, body, url.searchParams);
    }
  }
  throw notFound(`endpoint does not exist ${JSON.stringify(path)}`);
}

function failure(error: unknown): Answer {
  if (error instanceof HttpError) return { status: error.status, text: error.message };
  // A bug in the stand-in: loud in the test's output, a 500 as electrs would answer.
  console.error('bitcoin-standin: internal error', error);
  return { status: 500, text: error instanceof Error ? error.message : String(error) };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(new HttpError(413, 'Request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** POST /tx: the txid, or electrs's text for bitcoind's refusal. */
function broadcast(chain: Chain, body: string): Answer {
  const verdict = judge(chain, body);
  if (verdict.kind === 'refuse') {
    const error = JSON.stringify({ code: verdict.code, message: verdict.message });
    throw badRequest(`sendrawtransaction RPC error: ${error}`);
  }
  if (verdict.kind === 'known') return { text: verdict.txid };
  chain.admit(verdict.record, verdict.replaces);
  return { text: verdict.record.txid };
}

function addressTxs(chain: Chain, address: string, which: 'all' | 'mempool' | 'chain', lastSeen?: string) {
  const { mempool, confirmed } = history(chain, script(address));
  const from = lastSeen ? confirmed.findIndex((record) => record.txid === lastSeen) + 1 : 0;
  const page = confirmed.slice(from, from + CHAIN_TXS_PER_PAGE);
  const records =
    which === 'mempool'
      ? mempool.slice(0, MAX_MEMPOOL_TXS)
      : which === 'chain'
        ? page
        : [...mempool.slice(0, MAX_MEMPOOL_TXS), ...page];
  return records.map((record) => txJson(chain, record));
}

function hash(text: string | undefined): string {
  if (!text || !/^[0-9a-fA-F]{64}$/.test(text)) throw badRequest('Invalid hex string');
  return text.toLowerCase();
}

function integer(text: string | undefined): number {
  if (!text || !/^\d{1,10}$/.test(text) || Number(text) > 0xffffffff) throw badRequest('Invalid number');
  return Number(text);
}

function tx(chain: Chain, txid: string | undefined) {
  const record = chain.tx(hash(txid));
  if (!record) throw notFound('Transaction not found');
  return record;
}

function block(chain: Chain, blockHash: string | undefined) {
  const found = chain.blockByHash(hash(blockHash));
  if (!found) throw notFound('Block not found');
  return found;
}

function blockAtHeight(chain: Chain, height: string | undefined) {
  const found = chain.blockAt(integer(height));
  if (!found) throw notFound('Block not found');
  return found;
}

function script(address: string | undefined): Uint8Array {
  const found = scriptOf(address ?? '');
  if (found === 'invalid') throw badRequest('Invalid Bitcoin address');
  if (found === 'wrong-network') throw badRequest('Address on invalid network');
  return found;
}
