import type { Engine, JobRunner } from '@kiosk/db';
import type { Clock, Platform } from '@kiosk/platform';
import type { PaymentsDb } from './db.ts';
import { MethodRegistry } from './methods/adapter.ts';
import { createEvmAdapter } from './methods/evm/adapter.ts';
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

/** Server secrets the method adapters use; they are configuration, never stored with a method. */
export interface MethodSecrets {
  evmCollectorKey?: `0x${string}`;
}

export function createDeps(platform: Platform, baseUrl: string, secrets: MethodSecrets = {}): Deps {
  const methods = new MethodRegistry();
  methods.register(createEvmAdapter({ collectorKey: secrets.evmCollectorKey }));
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
