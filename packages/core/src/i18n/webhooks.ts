import { defineMessages } from './define.ts';

/**
 * Webhook endpoints (issue 23 item 3): why the API refuses an endpoint or a resend, and why a
 * delivery failed (the delivery log's `error`). The server writes them; the Developers screen will
 * show them.
 */
export const webhookMessages = defineMessages({
  en: {
    'error.WEBHOOK_ENDPOINT_NOT_FOUND': 'No such webhook endpoint',
    'error.WEBHOOK_DELIVERY_NOT_FOUND': 'No such webhook delivery',
    'error.WEBHOOK_URL_PRIVATE':
      'The webhook URL points at a private, loopback or link-local address ({address}); use a public address',
    'error.WEBHOOK_URL_UNRESOLVABLE': 'The host of the webhook URL ({host}) could not be resolved',
    'error.WEBHOOK_URL_CREDENTIALS': 'A webhook URL may not hold a user name or password',
    'error.WEBHOOK_ENDPOINT_DISABLED': 'This webhook endpoint is disabled; enable it before resending',
    'validation.webhookEventPattern':
      'Must be *, an event type such as invoice.paid, or a group such as charge.*',
  },
  zh: {
    'error.WEBHOOK_ENDPOINT_NOT_FOUND': '没有该 Webhook 端点',
    'error.WEBHOOK_DELIVERY_NOT_FOUND': '没有该 Webhook 投递记录',
    'error.WEBHOOK_URL_PRIVATE': 'Webhook 地址指向私有、回环或链路本地地址（{address}），请使用公网地址',
    'error.WEBHOOK_URL_UNRESOLVABLE': '无法解析 Webhook 地址的主机（{host}）',
    'error.WEBHOOK_URL_CREDENTIALS': 'Webhook 地址中不能包含用户名或密码',
    'error.WEBHOOK_ENDPOINT_DISABLED': '该 Webhook 端点已停用，请先启用再重新发送',
    'validation.webhookEventPattern': '必须是 *、事件类型（如 invoice.paid）或事件组（如 charge.*）',
  },
});
