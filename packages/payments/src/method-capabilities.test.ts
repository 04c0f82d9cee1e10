import { evmMethodBody, merchantOf, startTestServer, type TestServer } from '@kiosk/testkit';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * A method's public answer says what it can do as this server has it set up, as its adapter decides,
 * so that screens never work it out from a method's type or settings. The capabilities depend on no
 * database engine, so SQLite is enough.
 */

const COLLECTOR_CONTRACT = '0x3333333333333333333333333333333333333333';

interface PublicCurrency {
  symbol: string;
  capabilities: { recurring: boolean };
}
interface PublicMethod {
  name: string;
  capabilities: { recurring: boolean };
  payment_currencies: PublicCurrency[];
}

/** What the buyer's pages see of each method: whether it, and each of its currencies, takes mandates. */
function recurringOf(method: PublicMethod) {
  return {
    method: method.capabilities.recurring,
    ...Object.fromEntries(method.payment_currencies.map((c) => [c.symbol, c.capabilities.recurring])),
  };
}

/**
 * A server with or without a collector key, and a merchant with two EVM methods taking a token (KDT)
 * and the native coin (ETH): one with a collector contract, one without. Answers the public methods
 * by name.
 */
async function publicMethods(servers: TestServer[], collectorKey: boolean) {
  const server = await startTestServer('sqlite', {
    env: collectorKey ? { KIOSK_EVM_COLLECTOR_KEY: generatePrivateKey() } : {},
  });
  servers.push(server);
  const merchant = await merchantOf(server);
  const withContract = evmMethodBody({
    name: 'With collector',
    settings: { ...evmMethodBody().settings, collector_contract: COLLECTOR_CONTRACT },
  });
  for (const body of [withContract, evmMethodBody({ name: 'Without collector' })])
    expect((await merchant.test('/api/payment-methods', { method: 'POST', body })).status).toBe(201);
  const settings = await merchant.owner.request('/api/settings?livemode=false');
  expect(settings.status).toBe(200);
  const methods = settings.body.paymentMethods as PublicMethod[];
  return Object.fromEntries(methods.map((method) => [method.name, recurringOf(method)]));
}

describe('payment method capabilities', () => {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  it('says a method takes mandates only with a collector contract and the server’s collector key, and in tokens only', async () => {
    expect(await publicMethods(servers, true)).toEqual({
      'With collector': { method: true, KDT: true, ETH: false },
      'Without collector': { method: false, KDT: false, ETH: false },
    });
  });

  it('says no method takes mandates on a server without a collector key', async () => {
    expect(await publicMethods(servers, false)).toEqual({
      'With collector': { method: false, KDT: false, ETH: false },
      'Without collector': { method: false, KDT: false, ETH: false },
    });
  });
});
