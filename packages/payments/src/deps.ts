import type { Engine, JobRunner } from '@kiosk/db';
import type { Clock, Platform } from '@kiosk/platform';
import type { PaymentsDb } from './db.ts';
import { MethodRegistry } from './methods/adapter.ts';
import { createBitcoinAdapter } from './methods/bitcoin/adapter.ts';
import { createEvmAdapter } from './methods/evm/adapter.ts';
import { createStripeAdapter } from './methods/stripe/adapter.ts';
import type { StripeEndpoints } from './methods/stripe/client.ts';
import { paymentsResources, type PaymentsResources } from './resources.ts';

/**
 * What Kiosk Pay's services work with, built once per server: the database, the clock, the job
 * runner, the resources (whose changes write their events), the payment method adapters.
 */
export interface Deps {
  db: PaymentsDb;
  engine: Engine;
  clock: Clock;
  jobs: JobRunner;
  resources: PaymentsResources;
  methods: MethodRegistry;
  baseUrl: string;
}

/** Server configuration the method adapters use; never stored with a method, never a merchant's to set. */
export interface MethodSecrets {
  evmCollectorKey?: `0x${string}`;
  /** Where the Stripe SDK and Stripe.js are reached: Stripe, or a local emulator (tests, the demo). */
  stripe?: StripeEndpoints;
}

export function createDeps(platform: Platform, baseUrl: string, secrets: MethodSecrets = {}): Deps {
  const methods = new MethodRegistry();
  methods.register(createEvmAdapter({ collectorKey: secrets.evmCollectorKey }));
  methods.register(createStripeAdapter(secrets.stripe));
  const { db, engine } = platform.database;
  methods.register(createBitcoinAdapter({ db, engine, clock: platform.clock }));
  return {
    db: platform.database.db as PaymentsDb,
    engine: platform.database.engine,
    clock: platform.clock,
    jobs: platform.jobs,
    resources: paymentsResources(platform, baseUrl),
    methods,
    baseUrl,
  };
}
