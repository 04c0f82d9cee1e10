export { ApiError, type ApiErrorDetail } from './api-error.ts';
export { createKioskClient, type CommonParams, type KioskClient, type KioskClientOptions } from './client.ts';
export type { CallAnswer, CallArgs, CallInput, RouteName } from './types.ts';
