import {
  amountString,
  checkoutSessionId,
  checkoutSessionSchema,
  expandedPrice,
  queryFlag,
} from '@kiosk/contracts';
import { KioskError } from '@kiosk/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { flag, fromJson } from '../../db.ts';
import type { Deps } from '../../deps.ts';
import {
  addCrossSell,
  crossSellPrice,
  downsell,
  editLines,
  removeCrossSell,
  setCustomAmount,
  upsell,
} from '../edits.ts';
import { findSessionRow, retrieveSession } from '../service.ts';
import { expandPrices } from '../view.ts';

const sessionId = z.object({ id: checkoutSessionId });
const tags = ['checkout sessions'];

/** Seed 000 §7 session edits: the buyer's page upsells, adds the cross-sell, types an amount. */
export function registerCheckoutEditRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: ['public'] as const };
  const edited = (id: string) => retrieveSession(deps, id);

  r.put(
    '/api/checkout-sessions/:id/upsell',
    {
      config,
      schema: {
        tags,
        summary: 'Swap a line to its upsell price',
        params: sessionId,
        body: z.object({ from: z.string().max(64), to: z.string().max(64) }),
        response: { 200: checkoutSessionSchema },
      },
    },
    async (request) => {
      await editLines(deps, request.params.id, upsell(request.body.from, request.body.to));
      return edited(request.params.id);
    },
  );
  r.put(
    '/api/checkout-sessions/:id/downsell',
    {
      config,
      schema: {
        tags,
        summary: 'Swap an upsold line back',
        params: sessionId,
        body: z.object({ from: z.string().max(64) }),
        response: { 200: checkoutSessionSchema },
      },
    },
    async (request) => {
      await editLines(deps, request.params.id, downsell(request.body.from));
      return edited(request.params.id);
    },
  );
  r.get(
    '/api/checkout-sessions/:id/cross-sell',
    {
      config,
      schema: {
        tags,
        summary: 'The price offered beside this session, with its product',
        params: sessionId,
        querystring: z.object({
          skipError: queryFlag.describe('Answer null instead of 404 when nothing is offered'),
        }),
        response: { 200: expandedPrice.nullable() },
      },
    },
    async (request) => {
      const row = await findSessionRow(deps.db, request.params.id);
      if (!row) throw new KioskError('CHECKOUT_SESSION_NOT_FOUND', { status: 404 });
      const price = await crossSellPrice(
        deps.db,
        flag(row.livemode),
        fromJson(row.line_items, []),
        row.currency_id,
      );
      if (!price) {
        if (request.query.skipError) return null;
        throw new KioskError('CROSS_SELL_NOT_OFFERED', { status: 404 });
      }
      return (await expandPrices(deps.db, new Map([[price.id, price]])))(price);
    },
  );
  r.put(
    '/api/checkout-sessions/:id/cross-sell',
    {
      config,
      schema: {
        tags,
        summary: 'Add the cross-sell item',
        params: sessionId,
        body: z.object({ to: z.string().max(64) }),
        response: { 200: checkoutSessionSchema },
      },
    },
    async (request) => {
      await editLines(deps, request.params.id, addCrossSell(request.body.to));
      return edited(request.params.id);
    },
  );
  r.delete(
    '/api/checkout-sessions/:id/cross-sell',
    {
      config,
      schema: {
        tags,
        summary: 'Remove the cross-sell item',
        params: sessionId,
        response: { 200: checkoutSessionSchema },
      },
    },
    async (request) => {
      await editLines(deps, request.params.id, removeCrossSell());
      return edited(request.params.id);
    },
  );
  r.put(
    '/api/checkout-sessions/:id/amount',
    {
      config,
      schema: {
        tags,
        summary: "Set a custom-amount line's amount (smallest units)",
        params: sessionId,
        body: z.object({ priceId: z.string().max(64), amount: amountString }),
        response: { 200: checkoutSessionSchema },
      },
    },
    async (request) => {
      await editLines(
        deps,
        request.params.id,
        setCustomAmount(request.body.priceId, BigInt(request.body.amount)),
      );
      return edited(request.params.id);
    },
  );
}
