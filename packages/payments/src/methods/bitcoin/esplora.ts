/**
 * The few calls of Esplora's HTTP API (Blockstream's electrs, blockstream.info, mempool.space) the
 * Bitcoin method reads, with electrs's shapes. Any failure to answer (down, slow, garbage) throws: the
 * check is asked again, never decided on a guess. Only `GET /tx/:txid`'s 404 says a transaction is
 * gone (replaced or double-spent); `/tx/:txid/status` answers "unconfirmed" for any txid it lacks.
 */

/** One output of a transaction, as Esplora shows it. */
interface EsploraOutput {
  scriptpubkey_address?: string;
  value: number;
}

export interface EsploraTx {
  txid: string;
  vin: { prevout: EsploraOutput | null }[];
  vout: EsploraOutput[];
  status: { confirmed: false } | { confirmed: true; block_height: number; block_hash: string };
}

/** Esplora answers a page of 25 confirmed transactions per call (and all of the mempool's, up to 50). */
const CHAIN_PAGE = 25;
/** More pages than an address of one payment ever needs: a wallet spamming it cannot stall the check. */
const MAX_PAGES = 20;
const TIMEOUT_MS = 10_000;

export class EsploraClient {
  private readonly base: string;

  constructor(url: string) {
    this.base = url.replace(/\/+$/, '');
  }

  async tipHeight(): Promise<number> {
    const height = Number(await this.text('/blocks/tip/height'));
    if (!Number.isSafeInteger(height) || height < 0) throw new Error(`esplora: a tip height of ${height}`);
    return height;
  }

  /** Every transaction paying or spending the address, waiting ones first; a replaced one is not listed. */
  async addressTxs(address: string): Promise<EsploraTx[]> {
    const path = `/address/${encodeURIComponent(address)}/txs`;
    const txs = (await this.json(`${path}/mempool`)) as EsploraTx[];
    let last: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const chain = (await this.json(`${path}/chain${last ? `/${last}` : ''}`)) as EsploraTx[];
      txs.push(...chain);
      if (chain.length < CHAIN_PAGE) return txs;
      last = chain.at(-1)!.txid;
    }
    throw new Error(`esplora: ${address} has more than ${MAX_PAGES * CHAIN_PAGE} transactions`);
  }

  /** Whether the node still holds the transaction (mined or waiting): false once replaced or dropped. */
  async hasTx(txid: string): Promise<boolean> {
    const response = await this.get(`/tx/${txid}`);
    if (response.status === 404) return false;
    if (!response.ok) throw new Error(`esplora: GET /tx/${txid} answered ${response.status}`);
    return true;
  }

  /**
   * Whether the block is in the best chain: false once a reorg orphaned it (Esplora still answers an
   * orphaned block), and false for a block this node never had (a node that did not see the branch).
   */
  async inBestChain(blockHash: string): Promise<boolean> {
    const response = await this.get(`/block/${blockHash}/status`);
    if (response.status === 404) return false;
    if (!response.ok) throw new Error(`esplora: GET /block/${blockHash}/status answered ${response.status}`);
    return ((await response.json()) as { in_best_chain: boolean }).in_best_chain;
  }

  private get(path: string): Promise<Response> {
    return fetch(`${this.base}${path}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  }

  private async text(path: string): Promise<string> {
    const response = await this.get(path);
    if (!response.ok) throw new Error(`esplora: GET ${path} answered ${response.status}`);
    return response.text();
  }

  private async json(path: string): Promise<unknown> {
    return JSON.parse(await this.text(path));
  }
}
