import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import { envelope, jsonResponse, line, mockApi, settings, type ApiHandler } from '@kiosk/react/testing';
import { routes } from '../../routes.tsx';
import { renderRoutesAt } from '../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../test-support/sessions.ts';
import { DAY, invoice, monthly, NOW, subscription, trialing } from './portal-test-fixtures.ts';

const list = <T,>(items: T[]) => ({ list: items, count: items.length });
const PAGE = '/customer/subscription/sub_1?livemode=false';

/** The API around one subscription whose state the cancel and resume answers change. */
function api(start: Subscription, overrides: Record<string, ApiHandler> = {}) {
  let current = start;
  const calls = mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['member'])),
    'GET /api/settings': () => settings(),
    'GET /api/subscriptions/sub_1': () => current,
    'GET /api/invoices': () => list([invoice()]),
    'GET /api/checkout-sessions/retrieve/cs_test0000001': () => envelope({ line_items: [line(monthly)] }),
    'PUT /api/subscriptions/sub_1/cancel': () => {
      current =
        current.status === 'trialing'
          ? { ...current, status: 'canceled', ended_at: NOW, canceled_at: NOW, cancel_at: NOW }
          : {
              ...current,
              cancel_at_period_end: true,
              cancel_at: current.current_period_end,
              canceled_at: NOW,
            };
      return current;
    },
    'PUT /api/subscriptions/sub_1/recover': () => {
      current = { ...current, cancel_at_period_end: false, cancel_at: null, canceled_at: null };
      return current;
    },
    ...overrides,
  });
  return calls;
}

beforeAll(async () => {
  // The page waits for the session, then the subscription and the currencies: on a busy machine, over 1 s.
  configure({ asyncUtilTimeout: 5_000 });
  await import('./SubscriptionPage.tsx');
});
beforeEach(() => {
  vi.stubGlobal('scrollTo', () => {});
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW * 1000);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('SubscriptionPage', { timeout: 20_000 }, () => {
  it('shows the plan, its price, status, items, period and cancel state, and its invoices', async () => {
    const calls = api(subscription());
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pro plan · Monthly' })).toBeTruthy();
    expect(document.title).toBe('Pro plan · Monthly · Kiosk');
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('Test mode')).toBeTruthy();
    expect(screen.getByText('1 KDT per month')).toBeTruthy();
    const items = within(screen.getByRole('region', { name: 'Items' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Pro planQty 11 KDT']);
    const fact = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(fact('Subscription ID')).toBe('sub_1');
    expect(fact('Current period')).toMatch(/^Dec 31, 2025.* – Jan 31, 2026/);
    expect(fact('Cancellation')).toBe('Renews automatically');

    const table = await screen.findByRole('table', { name: 'Invoices of this subscription' });
    expect(await within(table).findByRole('link', { name: 'KSK-20260101-AB12CD' })).toBeTruthy();
    const query = calls.calls('GET /api/invoices')[0]!.url.searchParams;
    expect(query.get('subscription_id')).toBe('sub_1');
    expect(query.get('customer_id')).toBe('cus_1');
    expect(query.get('livemode')).toBe('false');
    expect(calls.calls('GET /api/subscriptions/sub_1')[0]!.url.searchParams.get('livemode')).toBe('false');
    expect(screen.getByRole('link', { name: 'All subscriptions and invoices' }).getAttribute('href')).toBe(
      '/customer?livemode=false',
    );
  });

  it('shows the trial countdown, and the next invoice date where a trial has no invoices yet', async () => {
    api(trialing(2.5), { 'GET /api/invoices': () => list([]) });
    renderRoutesAt(PAGE, routes);
    expect((await screen.findByTestId('subscription-schedule')).textContent).toBe('Trial ends in 2 days');
    expect(await screen.findByText(/^No invoices yet\. The next invoice is due on .*2026/)).toBeTruthy();
    expect(screen.getByText('Trial ends')).toBeTruthy();
  });

  it('cancels through a labelled dialog that says the paid period runs to its end and sends the chosen feedback', async () => {
    const calls = api(subscription());
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /^It stays active until Jan 31, 2026.*, the end of the period you paid for, and then ends\./,
    );
    const reasons = within(dialog).getByRole('radiogroup', { name: 'Why are you canceling? (optional)' });
    expect(within(reasons).getAllByRole('radio')).toHaveLength(8);
    fireEvent.click(within(reasons).getByRole('radio', { name: 'I switched to another service' }));
    fireEvent.input(within(dialog).getByRole('textbox', { name: /Anything else/ }), {
      target: { value: '  Found a cheaper one  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));

    const outcome = await screen.findByText(/^Your subscription stays active until .*, then ends$/);
    expect(calls.calls('PUT /api/subscriptions/sub_1/cancel')).toHaveLength(1);
    const sent = calls.calls('PUT /api/subscriptions/sub_1/cancel')[0]!;
    expect(sent.body).toEqual({
      at: 'current_period_end',
      feedback: 'switched_service',
      comment: 'Found a cheaper one',
    });
    expect(sent.url.searchParams.get('livemode')).toBe('false');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The pressed button is gone: focus goes to what happened, and Resume is offered instead.
    await waitFor(() => expect(document.activeElement).toBe(outcome.closest('[role="status"]')));
    expect(screen.getByRole('button', { name: 'Resume subscription' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(screen.getByTestId('subscription-schedule').textContent).toMatch(/^Cancels on /);
  });

  it('sends no feedback when none is chosen, and nothing at all when the customer keeps the subscription', async () => {
    const calls = api(subscription());
    renderRoutesAt(PAGE, routes);
    const cancel = await screen.findByRole('button', { name: 'Cancel subscription' });
    // As from the keyboard: the button has focus when it is pressed.
    cancel.focus();
    fireEvent.click(cancel);
    fireEvent.click(await screen.findByRole('button', { name: 'Keep subscription' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls('PUT /api/subscriptions/sub_1/cancel')).toHaveLength(0);
    expect(document.activeElement).toBe(cancel);

    fireEvent.click(cancel);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm cancellation' }));
    await screen.findByRole('button', { name: 'Resume subscription' });
    expect(calls.calls('PUT /api/subscriptions/sub_1/cancel')[0]!.body).toEqual({ at: 'current_period_end' });
  });

  it('says a trial ends at once, and shows it ended', async () => {
    api(trialing(5));
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Your free trial ends now. Nothing will be charged.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'I do not use it enough' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    expect(await screen.findByText('Your subscription has been canceled')).toBeTruthy();
    expect(screen.getByText('Canceled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resume subscription' })).toBeNull();
  });

  it("keeps the dialog open with the server's reason when a cancel is refused", async () => {
    api(subscription(), {
      'PUT /api/subscriptions/sub_1/cancel': () =>
        jsonResponse({ code: 'SUBSCRIPTION_ENDED', error: 'This subscription has ended' }, 409),
    });
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Failed to cancel the subscriptionThis subscription has ended');
    expect(within(dialog).getByRole('button', { name: 'Confirm cancellation' })).toBeTruthy();
  });

  it('resumes a scheduled cancel and says "Subscription resumed successfully"', async () => {
    const leaving = subscription({ cancel_at_period_end: true, cancel_at: NOW + 22 * DAY, canceled_at: NOW });
    const calls = api(leaving);
    renderRoutesAt(PAGE, routes);
    const fact = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    await screen.findByRole('heading', { level: 1 });
    expect(fact('Cancellation')).toMatch(/^Ends on .*; resume it before then to keep it$/);
    fireEvent.click(screen.getByRole('button', { name: 'Resume subscription' }));

    const outcome = await screen.findByText('Subscription resumed successfully');
    await waitFor(() => expect(document.activeElement).toBe(outcome.closest('[role="status"]')));
    expect(calls.calls('PUT /api/subscriptions/sub_1/recover')).toHaveLength(1);
    expect(calls.calls('PUT /api/subscriptions/sub_1/recover')[0]!.url.searchParams.get('livemode')).toBe(
      'false',
    );
    expect(await screen.findByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    expect(fact('Cancellation')).toBe('Renews automatically');
  });

  it('says an incomplete subscription awaits its first payment: Complete payment goes back to its checkout, Discard ends it (issue 21 item 3)', async () => {
    // Submitted with a trial that never began: nothing of it has started.
    const calls = api(subscription({ status: 'incomplete', trial_start: NOW, trial_end: NOW + 7 * DAY }), {
      'GET /api/checkout-sessions/retrieve/cs_test0000001': () =>
        envelope({ id: 'cs_test0000001', status: 'open', expires_at: NOW + DAY }),
      'PUT /api/subscriptions/sub_1/cancel': () =>
        subscription({ status: 'canceled', ended_at: NOW, canceled_at: NOW, cancel_at: NOW }),
    });
    renderRoutesAt(PAGE, routes);
    const complete = await screen.findByRole('link', { name: 'Complete payment' });
    expect(complete.getAttribute('href')).toBe('/checkout/pay/cs_test0000001');
    expect(screen.getByTestId('subscription-schedule').textContent).toBe(
      'Awaiting its first payment: nothing is owed until you pay',
    );
    expect(screen.queryByText('Renews automatically')).toBeNull();
    expect(screen.queryByText('Cancellation')).toBeNull();
    expect(screen.queryByText('Current period')).toBeNull();
    expect(screen.queryByText('Trial ends')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this subscription?' });
    expect(within(dialog).getByText(/^It was never paid for and ends now: nothing is owed\./)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard subscription' }));
    expect(await screen.findByText('Discarded: nothing is owed')).toBeTruthy();
    expect(calls.calls('PUT /api/subscriptions/sub_1/cancel')[0]!.body).toEqual({ at: 'now' });
    expect(screen.getByText('Canceled')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Complete payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard' })).toBeNull();
  });

  it('offers only Discard once an incomplete subscription’s checkout has expired, in Chinese too', async () => {
    api(subscription({ status: 'incomplete' }), {
      'GET /api/checkout-sessions/retrieve/cs_test0000001': () =>
        envelope({ id: 'cs_test0000001', status: 'expired', expires_at: NOW - 60 }),
    });
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    expect(await screen.findByRole('button', { name: '放弃' })).toBeTruthy();
    expect(screen.getByTestId('subscription-schedule').textContent).toBe(
      '等待首次付款：付款前无需支付任何费用',
    );
    await waitFor(() => expect(screen.queryByRole('link', { name: '完成付款' })).toBeNull());
  });

  it('says "Failed to renew the subscription" with the server\'s reason when a resume is refused', async () => {
    api(subscription({ cancel_at_period_end: true }), {
      'PUT /api/subscriptions/sub_1/recover': () =>
        jsonResponse({ code: 'SUBSCRIPTION_ENDED', error: 'This subscription has ended' }, 409),
    });
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Resume subscription' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Failed to renew the subscriptionThis subscription has ended/);
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it('says a subscription is not found when the server has none of this buyer’s, in en and zh', async () => {
    api(subscription(), {
      'GET /api/subscriptions/sub_1': () =>
        jsonResponse({ code: 'SUBSCRIPTION_NOT_FOUND', error: 'No such subscription' }, 404),
    });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscription not found' })).toBeTruthy();
    expect(screen.getByText('The account you are signed in with has no subscription sub_1.')).toBeTruthy();
    cleanup();

    api(subscription(), {
      'GET /api/subscriptions/sub_1': () =>
        jsonResponse({ code: 'SUBSCRIPTION_NOT_FOUND', error: '订阅不存在' }, 404),
    });
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    expect(await screen.findByRole('heading', { level: 1, name: '未找到订阅' })).toBeTruthy();
  });

  it('speaks Chinese in the details and the cancel dialog', async () => {
    api(subscription());
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    expect(await screen.findByText('每月 1 KDT')).toBeTruthy();
    expect(screen.getByText('生效中')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消订阅' }));
    const dialog = await screen.findByRole('dialog', { name: '确定取消订阅吗？' });
    expect(within(dialog).getByRole('radio', { name: '价格太贵' })).toBeTruthy();
    expect(within(dialog).getByText(/^订阅将保持有效至 .*，之后结束。/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '确认取消' })).toBeTruthy();
  });
});
