import { buyerCheckoutRoutes as routes } from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flag } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import {
  addCrossSell,
  crossSellPrice,
  downsell,
  editLines,
  type LineEdit,
  removeCrossSell,
  setCustomAmount,
  upsell,
} from '../../flows/edit-checkout.ts';
import { buyerOf } from '../../schemas.ts';
import { expandPrices } from '../../products/queries.ts';
import { findSessionRow, retrieveSession } from '../queries.ts';
import { checkoutSessionJson } from '../table.ts';

const tags = ['checkout sessions'];

/** Seed 000 §7 session edits: the buyer's page upsells, adds the cross-sell, types an amount. */
export function registerCheckoutEditRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['public'] as const };
  /** Applies the caller's edit to the session and answers the session as it now stands. */
  const apply = async (request: FastifyRequest<{ Params: { id: string } }>, edit: LineEdit) => {
    await editLines(deps, request.params.id, buyerOf(request), edit);
    return retrieveSession(deps, request.params.id);
  };

  const upsellRoute = routes['PUT /api/checkout-sessions/:id/upsell'];
  r.put(
    upsellRoute.path,
    {
      config,
      schema: {
        tags,
        summary: 'Swap a line to its upsell price',
        ...upsellRoute.schema,
      },
    },
    (request) => apply(request, upsell(request.body.from, request.body.to)),
  );
  const downsellRoute = routes['PUT /api/checkout-sessions/:id/downsell'];
  r.put(
    downsellRoute.path,
    {
      config,
      schema: {
        tags,
        summary: 'Swap an upsold line back',
        ...downsellRoute.schema,
      },
    },
    (request) => apply(request, downsell(request.body.from)),
  );
  const offer = routes['GET /api/checkout-sessions/:id/cross-sell'];
  r.get(
    offer.path,
    {
      config,
      schema: {
        tags,
        summary: 'The price offered beside this session, with its product',
        ...offer.schema,
      },
    },
    async (request) => {
      const row = await findSessionRow(deps.db, request.params.id);
      if (!row) throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
      const price = await crossSellPrice(
        deps.db,
        flag(row.livemode),
        checkoutSessionJson.line_items.read(row.line_items),
        row.currency_id,
      );
      if (!price) {
        if (request.query.skipError) return null;
        throw new KioskError('CROSS_SELL_NOT_OFFERED', { status: 404 });
      }
      return (await expandPrices(deps.db, new Map([[price.id, price]])))(price);
    },
  );
  const addOffer = routes['PUT /api/checkout-sessions/:id/cross-sell'];
  r.put(
    addOffer.path,
    {
      config,
      schema: {
        tags,
        summary: 'Add the cross-sell item',
        ...addOffer.schema,
      },
    },
    (request) => apply(request, addCrossSell(request.body.to)),
  );
  const removeOffer = routes['DELETE /api/checkout-sessions/:id/cross-sell'];
  r.delete(
    removeOffer.path,
    {
      config,
      schema: {
        tags,
        summary: 'Remove the cross-sell item',
        ...removeOffer.schema,
      },
    },
    (request) => apply(request, removeCrossSell()),
  );
  const amountRoute = routes['PUT /api/checkout-sessions/:id/amount'];
  r.put(
    amountRoute.path,
    {
      config,
      schema: {
        tags,
        summary: "Set a custom-amount line's amount (smallest units)",
        ...amountRoute.schema,
      },
    },
    (request) => apply(request, setCustomAmount(request.body.priceId, BigInt(request.body.amount))),
  );
}
