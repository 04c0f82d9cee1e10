export { ApiError, type ApiErrorDetail } from './api-error.ts';
export {
  createKioskClient,
  type CommonParams,
  type KioskClient,
  type KioskClientOptions,
  type PreparedCall,
} from './client.ts';
export type { CallAnswer, CallArgs, CallInput, PrepareArgs, PrepareInput, RouteName } from './types.ts';
export { verifyWebhook, WebhookVerificationError, type WebhookVerificationReason } from './verify-webhook.ts';
