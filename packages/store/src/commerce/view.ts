import type { AppPricing, Purchase } from '@kiosk/contracts';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
import { z } from 'zod';
import { flag } from '../columns.ts';
import type { AppPricingRow, PurchaseRow } from './table.ts';

import { appPriceSchema } from '@kiosk/contracts';

const storedPrices = z.array(appPriceSchema);

export const pricingJson = jsonColumns('store_app_pricing', { prices: jsonColumn(storedPrices, []) });

/** An app's pricing in `livemode`; an app never priced is free. */
export function pricingView(did: string, livemode: boolean, row: AppPricingRow | undefined): AppPricing {
  return {
    object: 'app_pricing',
    app_did: did,
    type: row?.type ?? 'free',
    interval: row?.interval ?? null,
    prices: row ? pricingJson.prices.read(row.prices) : [],
    livemode,
    price_id: row?.price_id ?? null,
    updated_at: row ? Number(row.updated_at) : null,
  };
}

export function purchaseView(row: PurchaseRow): Purchase {
  return {
    id: row.id,
    object: 'purchase',
    livemode: flag(row.livemode),
    app_did: row.app_did,
    buyer_did: row.buyer_did,
    status: row.status,
    checkout_session_id: row.checkout_session_id,
    subscription_id: row.subscription_id,
    currency_id: row.currency_id,
    amount: row.amount,
    store_amount: row.store_amount,
    developer_amount: row.developer_amount,
    paid_at: row.paid_at === null ? null : Number(row.paid_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
