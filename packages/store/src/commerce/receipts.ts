import type { PurchaseReceipt, ReceiptSigner } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import { instanceValue } from '@kiosk/identity';
import type { Kysely } from 'kysely';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import type { Viewer } from '../apps/audience.ts';
import { appOnStoreFront } from '../apps/service.ts';
import type { StoreDeps } from '../context.ts';
import { verifyPurchase } from './purchases.ts';

/**
 * Purchase receipts (issue 24 item 3): an EIP-712 statement, signed by the store's own key, that a
 * buyer owns an app, which the app checks offline against the store's published signer. A receipt
 * lasts RECEIPT_DAYS: an app asks for a new one then, so a refund or an ended subscription (which
 * the online check shows at once) stops a copy from working within that time.
 */
export const RECEIPT_DAYS = 7;

export const RECEIPT_DOMAIN = { name: 'Kiosk Store', version: '1' } as const;
export const RECEIPT_TYPES = {
  Receipt: [
    { name: 'purchase', type: 'string' },
    { name: 'app', type: 'string' },
    { name: 'buyer', type: 'string' },
    { name: 'versions', type: 'string' },
    { name: 'issuedAt', type: 'uint64' },
    { name: 'expiresAt', type: 'uint64' },
  ],
} as const;

const signers = new WeakMap<StoreDeps, Promise<PrivateKeyAccount>>();

/** The store's receipt key, made once per instance and shared by its processes (instance_values). */
function receiptSigner(deps: StoreDeps): Promise<PrivateKeyAccount> {
  let signer = signers.get(deps);
  if (!signer) {
    const db = deps.db as unknown as Kysely<never>;
    signer = instanceValue({ db, clock: deps.clock }, 'store_receipt_key', generatePrivateKey).then((key) =>
      privateKeyToAccount(key as `0x${string}`),
    );
    signers.set(deps, signer);
  }
  return signer;
}

/** Who signs receipts, and how: what an app pins to check them offline. */
export async function receiptSignerInfo(deps: StoreDeps): Promise<ReceiptSigner> {
  const signer = await receiptSigner(deps);
  return {
    object: 'receipt_signer',
    signer: signer.address,
    domain: { ...RECEIPT_DOMAIN },
    types: { Receipt: RECEIPT_TYPES.Receipt.map((field) => ({ ...field })) },
  };
}

/** The signed-in buyer's receipt for an app they own now; 403 PURCHASE_REQUIRED otherwise, 404 for no app. */
export async function issueReceipt(deps: StoreDeps, did: string, viewer: Viewer): Promise<PurchaseReceipt> {
  const buyer = viewer.did!;
  // An app nobody may see is not found, as everywhere in the store; one not owned is refused.
  await appOnStoreFront(deps.db, did);
  const owned = await verifyPurchase(deps, did, buyer);
  if (!owned.valid || !owned.purchase) throw new KioskError('PURCHASE_REQUIRED', { status: 403 });
  const issuedAt = deps.clock.nowUnix();
  const receipt = {
    purchase: owned.purchase.id,
    app: did,
    buyer,
    // Every version: a purchase is of the app, not of one release.
    versions: '*',
    issuedAt,
    expiresAt: issuedAt + RECEIPT_DAYS * 86_400,
  };
  const signer = await receiptSigner(deps);
  const signature = await signer.signTypedData({
    domain: RECEIPT_DOMAIN,
    types: RECEIPT_TYPES,
    primaryType: 'Receipt',
    message: { ...receipt, issuedAt: BigInt(receipt.issuedAt), expiresAt: BigInt(receipt.expiresAt) },
  });
  return { object: 'purchase_receipt', receipt, signature, signer: signer.address };
}
