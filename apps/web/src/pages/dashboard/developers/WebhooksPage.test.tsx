import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { WebhookEndpoint } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import { routes } from '../../../routes.tsx';
import { renderRoutesAt } from '../../../test-support/render-app.tsx';
import { failure, mockDevelopersApi, phoneMatchMedia, webhookEndpoint } from './developers-fixtures.ts';
import { inDashboardTestMode } from '../../../test-support/dashboard.ts';

const PAGE = '/dashboard/developers/webhooks';
const SECRET = 'whsec_0123456789abcdef';

/** The endpoint API of test mode, holding `endpoints` as the server would after each change. */
function mockEndpoints(endpoints: WebhookEndpoint[], extra: Parameters<typeof mockDevelopersApi>[0] = {}) {
  return mockDevelopersApi({
    'GET /api/webhook-endpoints': () => ({ list: endpoints, count: endpoints.length }),
    ...extra,
  });
}

async function heading() {
  return (await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).textContent;
}

async function openAddDialog() {
  await heading();
  fireEvent.click((await screen.findAllByRole('button', { name: 'Add endpoint' }))[0]!);
  return screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
}

async function pickEvent(dialog: HTMLElement, text: string, option: string) {
  const input = within(dialog).getByRole('combobox', { name: 'Events to send' });
  // Preact's compat layer hears typing as `input` events, as a browser sends them.
  fireEvent.input(input, { target: { value: text } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

inDashboardTestMode();

describe('WebhooksPage', { timeout: 20_000 }, () => {
  it("lists the mode's endpoints: URL to its page, events, status and description", async () => {
    const api = mockEndpoints([
      webhookEndpoint(),
      webhookEndpoint({
        id: 'we_2',
        url: 'https://crm.example.com/in',
        enabled_events: ['*'],
        disabled: true,
        description: null,
      }),
    ]);
    renderRoutesAt(PAGE, routes);
    expect(await heading()).toBe('Webhooks');
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    const row = within(table).getByRole('link', { name: 'https://shop.example.com/kiosk' }).closest('tr')!;
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/dashboard/developers/webhooks/we_1');
    expect(within(row).getByText('invoice.paid')).toBeTruthy();
    expect(within(row).getByText('charge.*')).toBeTruthy();
    expect(within(row).getByText('Enabled')).toBeTruthy();
    expect(within(row).getByText('Order sync')).toBeTruthy();
    const other = within(table).getByText('https://crm.example.com/in').closest('tr')!;
    expect(within(other).getByText('All events')).toBeTruthy();
    expect(within(other).getByText('Disabled')).toBeTruthy();
    expect(within(other).getByRole('button', { name: 'Enable https://crm.example.com/in' })).toBeTruthy();
    expect(api.calls('GET /api/webhook-endpoints')[0]!.url.searchParams.get('livemode')).toBe('false');
  });

  it('explains webhooks when the mode has none, and offers Add endpoint there', async () => {
    mockEndpoints([]);
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText('No test webhook endpoint yet.')).toBeTruthy();
    expect(screen.getByText(/tells your server at once when a payment succeeds/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Webhooks' });
    fireEvent.click(within(table).getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByRole('dialog', { name: 'Add a webhook endpoint' })).toBeTruthy();
  });

  it('adds an endpoint: its secret shown once with a copy button, and the list refreshed', async () => {
    const endpoints: WebhookEndpoint[] = [];
    const api = mockEndpoints(endpoints, {
      'POST /api/webhook-endpoints': ({ body }) => {
        const made = webhookEndpoint({ id: 'we_new', ...(body as Partial<WebhookEndpoint>) });
        endpoints.push(made);
        return { ...made, secret: SECRET };
      },
    });
    renderRoutesAt(PAGE, routes);
    const dialog = await openAddDialog();
    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Endpoint URL' }), {
      target: { value: 'https://shop.example.com/hooks' },
    });
    await pickEvent(dialog, 'invoice.pa', 'invoice.paid');
    await pickEvent(dialog, 'charge', 'charge.* (every charge event)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const shown = await screen.findByRole('dialog', { name: 'Endpoint added' });
    expect(within(shown).getByDisplayValue(SECRET)).toBeTruthy();
    expect(within(shown).getByText(/you will not see it again/)).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy signing secret' })).toBeTruthy();
    expect(api.calls('POST /api/webhook-endpoints')[0]!.body).toEqual({
      url: 'https://shop.example.com/hooks',
      enabled_events: ['invoice.paid', 'charge.*'],
      description: null,
    });
    expect(api.calls('POST /api/webhook-endpoints')[0]!.url.searchParams.get('livemode')).toBe('false');
    // The list behind the dialog (hidden from screen readers while it is open) already shows it.
    expect(
      await screen.findByRole('link', { name: 'https://shop.example.com/hooks', hidden: true }),
    ).toBeTruthy();
    expect(api.calls('GET /api/webhook-endpoints')).toHaveLength(2);

    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
    expect(screen.getByRole('link', { name: 'https://shop.example.com/hooks' })).toBeTruthy();
  });

  it("says the server's refusal of the URL under the URL field", async () => {
    const message = 'The host of the webhook URL (intranet.example) could not be resolved';
    mockEndpoints([], {
      'POST /api/webhook-endpoints': () =>
        failure(400, 'VALIDATION_FAILED', 'Invalid request', [{ path: 'body.url', message }]),
    });
    renderRoutesAt(PAGE, routes);
    const dialog = await openAddDialog();
    const url = within(dialog).getByRole('textbox', { name: 'Endpoint URL' });
    fireEvent.input(url, { target: { value: 'https://intranet.example/hook' } });
    await pickEvent(dialog, '*', '* (every event)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Add a webhook endpoint' })).toBeTruthy();
  });

  it('refuses a URL of another scheme and no event before asking the server', async () => {
    const api = mockEndpoints([]);
    renderRoutesAt(PAGE, routes);
    const dialog = await openAddDialog();
    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Endpoint URL' }), {
      target: { value: 'ftp://shop.example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('Must be an http:// or https:// web address')).toBeTruthy();
    expect(within(dialog).getByText('Choose at least one event')).toBeTruthy();
    expect(api.calls('POST /api/webhook-endpoints')).toHaveLength(0);
  });

  it('asks before deleting, and deletes only once confirmed', async () => {
    const endpoints = [webhookEndpoint()];
    const api = mockEndpoints(endpoints, {
      'DELETE /api/webhook-endpoints/we_1': () => endpoints.splice(0, 1)[0],
    });
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete https://shop.example.com/kiosk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    expect(within(dialog).getByText(/its delivery log is deleted with it/)).toBeTruthy();
    expect(api.calls('DELETE /api/webhook-endpoints/we_1')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('DELETE /api/webhook-endpoints/we_1')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete https://shop.example.com/kiosk' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete endpoint' }));
    expect(await screen.findByText('No test webhook endpoint yet.')).toBeTruthy();
    expect(api.calls('DELETE /api/webhook-endpoints/we_1')).toHaveLength(1);
  });

  it('rolls the secret after asking, and shows the new one once', async () => {
    const api = mockEndpoints([webhookEndpoint()], {
      'POST /api/webhook-endpoints/we_1/roll-secret': () => ({ ...webhookEndpoint(), secret: SECRET }),
    });
    renderRoutesAt(PAGE, routes);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Roll the secret of https://shop.example.com/kiosk' }),
    );
    const ask = await screen.findByRole('dialog', { name: 'Roll the signing secret?' });
    expect(api.calls('POST /api/webhook-endpoints/we_1/roll-secret')).toHaveLength(0);
    fireEvent.click(within(ask).getByRole('button', { name: 'Roll secret' }));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(shown).getByDisplayValue(SECRET)).toBeTruthy();
    expect(within(shown).getByText(/you will not see it again/)).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue(SECRET)).toBeNull());
  });

  it('edits an endpoint in a dialog that starts from what it is', async () => {
    const endpoints = [webhookEndpoint()];
    const api = mockEndpoints(endpoints, {
      'PUT /api/webhook-endpoints/we_1': ({ body }) =>
        (endpoints[0] = { ...endpoints[0]!, ...(body as object) }),
    });
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit https://shop.example.com/kiosk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the webhook endpoint' });
    expect(within(dialog).getByRole('textbox', { name: 'Endpoint URL' })).toHaveProperty(
      'value',
      'https://shop.example.com/kiosk',
    );
    expect(within(dialog).getByText('invoice.paid')).toBeTruthy();
    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Description' }), {
      target: { value: 'Orders and refunds' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Orders and refunds')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls('PUT /api/webhook-endpoints/we_1')[0]!.body).toEqual({
      url: 'https://shop.example.com/kiosk',
      enabled_events: ['invoice.paid', 'charge.*'],
      description: 'Orders and refunds',
    });
  });

  it('disables an enabled endpoint with one PUT', async () => {
    const endpoints = [webhookEndpoint()];
    const api = mockEndpoints(endpoints, {
      'PUT /api/webhook-endpoints/we_1': ({ body }) =>
        (endpoints[0] = { ...endpoints[0]!, ...(body as object) }),
    });
    renderRoutesAt(PAGE, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Disable https://shop.example.com/kiosk' }));
    expect(await screen.findByRole('button', { name: 'Enable https://shop.example.com/kiosk' })).toBeTruthy();
    expect(api.calls('PUT /api/webhook-endpoints/we_1').map((call) => call.body)).toEqual([
      { disabled: true },
    ]);
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    mockDevelopersApi({
      'GET /api/webhook-endpoints': () =>
        fail
          ? failure(500, 'INTERNAL', 'Sorry, something went wrong.')
          : { list: [webhookEndpoint()], count: 1 },
    });
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText(/could not be loaded\. Sorry, something went wrong\./)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('https://shop.example.com/kiosk')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    mockEndpoints([]);
    renderRoutesAt(PAGE, routes, createKioskI18n('zh'));
    expect(await heading()).toBe('Webhook');
    expect(await screen.findByText('还没有测试模式的 Webhook 端点。')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '添加端点' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: '添加 Webhook 端点' });
    expect(within(dialog).getByRole('textbox', { name: '端点地址' })).toBeTruthy();
  });

  it('fills a phone screen with the dialog', async () => {
    vi.stubGlobal('matchMedia', phoneMatchMedia);
    mockEndpoints([webhookEndpoint()]);
    renderRoutesAt(PAGE, routes);
    const dialog = await openAddDialog();
    expect(dialog.className).toContain('MuiDialog-paperFullScreen');
  });

  it('keeps members out', async () => {
    const api = mockEndpoints([webhookEndpoint()]);
    mockDevelopersApi({}, ['developer', 'member']);
    renderRoutesAt(PAGE, routes);
    expect(await screen.findByText('Sorry, you are not authorized to access this page.')).toBeTruthy();
    expect(api.calls('GET /api/webhook-endpoints')).toHaveLength(0);
  });
});
