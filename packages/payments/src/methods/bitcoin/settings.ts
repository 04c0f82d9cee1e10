import { webAddress } from '@kiosk/contracts';
import { z } from 'zod';
import { BITCOIN_NETWORKS, readAccountKey } from './keys.ts';

/**
 * Bitcoin as a payment method, non-custodial: the merchant gives the extended public key of a BIP84
 * account of their own wallet, Kiosk derives a fresh receiving address per payment from it and never
 * holds a key that can spend. The chain is read through an Esplora HTTP API (electrs, blockstream.info,
 * mempool.space, or the local stand-in).
 */
export const bitcoinSettings = z
  .object({
    network: z.enum(BITCOIN_NETWORKS),
    /** The account's extended public key: zpub/xpub on mainnet, vpub/tpub on testnet and regtest. */
    xpub: z.string().trim().min(1, 'validation.bitcoinXpub').max(200, 'validation.bitcoinXpub'),
    /** The Esplora API's base URL (https://blockstream.info/api …); it may hold a provider key. */
    esplora_url: webAddress.transform((url) => url.replace(/\/+$/, '')),
    explorer_host: webAddress.optional(),
    /** Blocks on top of the paying transaction's block, itself included, before it counts: at least 1. */
    confirmation: z.number().int().min(1).max(1_000).default(1),
  })
  .superRefine((settings, ctx) => {
    const key = readAccountKey(settings.xpub, settings.network);
    if ('problem' in key) ctx.addIssue({ code: 'custom', path: ['xpub'], message: key.problem });
  });
export type BitcoinSettings = z.infer<typeof bitcoinSettings>;
