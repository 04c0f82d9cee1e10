export { jsonResponse, mockApi, type ApiHandler, type ApiRequest, type MockApi } from './mock-api.ts';
export { enabledButton, renderKiosk } from './render-kiosk.tsx';
export * from './checkout-fixtures.ts';
