export { jsonResponse, mockApi, type ApiHandler, type ApiRequest, type MockApi } from './mock-api.ts';
export { cleanUpKiosk, enabledButton, renderKiosk } from './render-kiosk.tsx';
export * from './checkout-fixtures.ts';
export * from './mandate-fixtures.ts';
export { installFakeStripe, type FakeStripe } from '../checkout/card/test-support/fake-stripe.ts';
export { smallScreen } from './small-screen.ts';
