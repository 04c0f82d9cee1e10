export {
  freePort,
  startTestServer,
  useServerFactory,
  type ServerFactory,
  type TestServer,
  type TestServerOptions,
} from './server.ts';
export { cookieClient, signedIn, type ClientResponse } from './clients.ts';
export { cardMethodBody, evmMethodBody, merchantOf, RECEIVER, TOKEN } from './merchant.ts';
export { testEngines } from '@kiosk/db/testing';
export { until } from './until.ts';
