export {
  freePort,
  startTestServer,
  useServerFactory,
  type ServerFactory,
  type TestServer,
  type TestServerOptions,
} from './server.ts';
export { cookieClient, signedIn, type ClientResponse } from './clients.ts';
export { getAsHost, type HostAnswer } from './get-as-host.ts';
export { cardMethodBody, evmMethodBody, merchantOf, RECEIVER, TOKEN } from './merchant.ts';
export { MONTHLY, startCardPlan, type CardPlan } from './card-plan.ts';
export { testEngines } from '@kiosk/db/testing';
export { didOf, randomName, startStoreWorld, type Client, type StoreWorld } from './store.ts';
export { until } from './until.ts';
