import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { WebhookDelivery } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import { formatUnixTime } from '../../../lib/format-unix-time.ts';
import { routes } from '../../../routes.tsx';
import { renderRoutesAt } from '../../../test-support/render-app.tsx';
import {
  failure,
  mockDevelopersApi,
  phoneMatchMedia,
  webhookDelivery,
  webhookEndpoint,
} from './developers-fixtures.ts';
import { inDashboardTestMode } from '../../../test-support/dashboard.ts';

const PAGE = '/dashboard/developers/webhooks/we_1';
const RETRY_AT = 1_764_320_400;
const FAILED = webhookDelivery({
  id: 'whd_failed',
  event_id: 'evt_2',
  event_type: 'charge.succeeded',
  status: 'failed',
  attempt: 3,
  http_status: 500,
  duration_ms: 120,
  response_excerpt: '{"error":"database down"}',
  next_retry_at: RETRY_AT,
});

/** One endpoint and its log, the log as the server would keep it after a resend. */
function mockEndpoint(deliveries: WebhookDelivery[], extra: Parameters<typeof mockDevelopersApi>[0] = {}) {
  return mockDevelopersApi({
    'GET /api/webhook-endpoints/we_1': () => webhookEndpoint({ failing_since: RETRY_AT - 3600 }),
    'GET /api/webhook-endpoints/we_1/deliveries': () => ({ list: deliveries, count: deliveries.length }),
    ...extra,
  });
}

async function heading() {
  return (await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).textContent;
}

inDashboardTestMode();

describe('WebhookEndpointPage', { timeout: 20_000 }, () => {
  it('shows the endpoint, what it listens to, and its deliveries with a failed one', async () => {
    const api = mockEndpoint([FAILED, webhookDelivery()]);
    renderRoutesAt(PAGE, routes);
    expect(await heading()).toBe('https://shop.example.com/kiosk');
    expect(screen.getByText('Order sync')).toBeTruthy();
    expect(screen.getByText('Enabled')).toBeTruthy();
    expect(screen.getByText(/^Failing since/)).toBeTruthy();
    expect(screen.getByText('invoice.paid', { selector: '.MuiChip-label' })).toBeTruthy();
    expect(screen.getByText('charge.*')).toBeTruthy();

    const table = await screen.findByRole('table', { name: 'Deliveries' });
    const row = (await within(table).findByText('evt_2')).closest('tr')!;
    expect(within(row).getByText('charge.succeeded')).toBeTruthy();
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(within(row).getByText('500')).toBeTruthy();
    expect(within(row).getByText('120 ms')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText(formatUnixTime(RETRY_AT, 'en'))).toBeTruthy();

    // The answer's excerpt opens on request, said open to a screen reader.
    const show = within(row).getByRole('button', { name: 'Show answer' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    expect(within(row).queryByText('{"error":"database down"}')).toBeNull();
    fireEvent.click(show);
    expect(within(row).getByText('{"error":"database down"}')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Hide answer' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(api.calls('GET /api/webhook-endpoints/we_1/deliveries')[0]!.url.searchParams.get('livemode')).toBe(
      'false',
    );
  });

  it('resends a failed delivery, says how it went, and reads the log again', async () => {
    const deliveries = [FAILED];
    const api = mockEndpoint(deliveries, {
      'POST /api/webhook-deliveries/whd_failed/resend': () =>
        (deliveries[0] = {
          ...FAILED,
          status: 'succeeded',
          attempt: 4,
          http_status: 200,
          next_retry_at: null,
        }),
    });
    renderRoutesAt(PAGE, routes);
    await heading();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend charge.succeeded' }));
    expect(await screen.findByText('charge.succeeded was sent again: Succeeded')).toBeTruthy();
    expect(api.calls('POST /api/webhook-deliveries/whd_failed/resend')).toHaveLength(1);
    const row = (await screen.findByText('Succeeded', { selector: '.MuiChip-label' })).closest('tr')!;
    expect(within(row).getByText('200')).toBeTruthy();
    expect(within(row).getByText('4')).toBeTruthy();
  });

  it("says why a resend was refused, in the server's words", async () => {
    mockEndpoint([FAILED], {
      'POST /api/webhook-deliveries/whd_failed/resend': () =>
        failure(
          409,
          'WEBHOOK_ENDPOINT_DISABLED',
          'This webhook endpoint is disabled; enable it before resending',
        ),
    });
    renderRoutesAt(PAGE, routes);
    await heading();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend charge.succeeded' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'charge.succeeded could not be sent again: This webhook endpoint is disabled',
    );
  });

  it('says when there are no deliveries yet', async () => {
    mockEndpoint([]);
    renderRoutesAt(PAGE, routes);
    await heading();
    expect(await screen.findByText(/No deliveries yet\./)).toBeTruthy();
  });

  it('deletes the endpoint after asking, and goes back to the list', async () => {
    const api = mockEndpoint([], {
      'DELETE /api/webhook-endpoints/we_1': () => webhookEndpoint(),
      'GET /api/webhook-endpoints': () => ({ list: [], count: 0 }),
    });
    const { router } = renderRoutesAt(PAGE, routes);
    await heading();
    fireEvent.click(screen.getByRole('button', { name: 'Delete https://shop.example.com/kiosk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    expect(api.calls('DELETE /api/webhook-endpoints/we_1')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/developers/webhooks'));
    expect(api.calls('DELETE /api/webhook-endpoints/we_1')).toHaveLength(1);
  });

  it('says an endpoint of another mode or deleted is not there', async () => {
    mockDevelopersApi({
      'GET /api/webhook-endpoints/we_1': () =>
        failure(404, 'WEBHOOK_ENDPOINT_NOT_FOUND', 'No such webhook endpoint'),
    });
    renderRoutesAt(PAGE, routes);
    expect(await heading()).toBe('No such endpoint');
    expect(
      screen.getByText('There is no test webhook endpoint we_1. It may have been deleted.'),
    ).toBeTruthy();
  });

  it('shows the log in Chinese', async () => {
    mockEndpoint([FAILED]);
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    await heading();
    const table = await screen.findByRole('table', { name: '投递记录' });
    const row = (await within(table).findByText('evt_2')).closest('tr')!;
    expect(within(row).getByText('失败')).toBeTruthy();
    expect(within(row).getByText('120 毫秒')).toBeTruthy();
    expect(within(row).getByRole('button', { name: '重新发送 charge.succeeded' })).toBeTruthy();
  });

  it('on a phone: the log as cards with Resend, and the rolled secret on the whole screen', async () => {
    vi.stubGlobal('matchMedia', phoneMatchMedia);
    mockEndpoint([FAILED], {
      'POST /api/webhook-endpoints/we_1/roll-secret': () => ({ ...webhookEndpoint(), secret: 'whsec_phone' }),
    });
    renderRoutesAt(PAGE, routes);
    await heading();
    expect(await screen.findByText('evt_2')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('button', { name: 'Resend charge.succeeded' })).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', { name: 'Roll the secret of https://shop.example.com/kiosk' }),
    );
    const ask = await screen.findByRole('dialog', { name: 'Roll the signing secret?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Roll secret' }));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(shown.className).toContain('MuiDialog-paperFullScreen');
    expect(within(shown).getByDisplayValue('whsec_phone')).toBeTruthy();
  });
});
