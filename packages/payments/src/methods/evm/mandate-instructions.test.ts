import type { PaymentCurrency } from '@kiosk/contracts';
import { generatePrivateKey } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import type { MandateRequest, Method } from '../adapter.ts';
import { createEvmAdapter } from './adapter.ts';
import { evmSettings, type EvmSettings } from './settings.ts';

/**
 * What a buyer reads before their wallet signs is drawn from the instructions alone: this mandate's
 * own cycles and the plan's interval, never worked out from the allowance, which also holds what the
 * wallet allows its other subscriptions (issue 21 item 2: "36 cycles" for a wallet's second one). The
 * instructions are pure, given what the payer already allows, so no chain is needed.
 */

const MAX = 10_000_000n; // 10 KDT of 6 decimals a month

const method: Method<EvmSettings> = {
  id: 'pm_local',
  livemode: false,
  type: 'evm',
  name: 'Local chain',
  description: null,
  logo: null,
  settings: evmSettings.parse({
    chain_id: 31337,
    api_host: 'http://127.0.0.1:9',
    receiving_address: '0x8888888888888888888888888888888888888888',
    collector_contract: '0x3333333333333333333333333333333333333333',
  }),
  default_currency_id: null,
  active: true,
  metadata: {},
  created_at: 0,
  updated_at: 0,
  payment_currencies: [],
};

const kdt: PaymentCurrency = {
  id: 'pc_kdt',
  name: 'Kiosk Demo Token',
  symbol: 'KDT',
  decimal: 6,
  maximum_precision: 6,
  logo: null,
  contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  active: true,
  livemode: false,
  payment_method_id: 'pm_local',
  is_base_currency: false,
};

const request = (overrides: Partial<MandateRequest> = {}): MandateRequest => ({
  subscriptionId: 'sub_1',
  maxPerCycle: MAX,
  recurring: { interval: 'month', interval_count: 1 },
  startsAt: 1_900_000_000,
  cycles: 12,
  expiresAt: 1_900_000_000 + 365 * 86_400,
  ...overrides,
});

describe('EVM mandate instructions', () => {
  const adapter = createEvmAdapter({ collectorKey: generatePrivateKey() });

  it("say this mandate's cycles and the plan's interval, whatever else the wallet already allows", () => {
    // A wallet whose two earlier subscriptions still may take 24 cycles of 10 KDT.
    const third = adapter.mandateInstructions!(method, kdt, request(), { committed: 24n * MAX });
    expect(third).toMatchObject({
      max_per_cycle: MAX.toString(),
      cycles: 12,
      interval: 'month',
      interval_count: 1,
      // The approval still covers the others: only the text must not divide it.
      allowance: (36n * MAX).toString(),
      // The contract's cycle is a floor under the calendar month (28 days); the buyer reads "per month".
      cycle_seconds: 28 * 86_400,
    });
  });

  it('carry an interval of several periods as the price has it', () => {
    const quarterly = adapter.mandateInstructions!(
      method,
      kdt,
      request({ recurring: { interval: 'month', interval_count: 3 }, cycles: 4 }),
      undefined,
    );
    expect(quarterly).toMatchObject({ cycles: 4, interval: 'month', interval_count: 3 });
  });
});
