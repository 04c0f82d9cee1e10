import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppPricing } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse, mockApi, type ApiHandler } from '@kiosk/react/testing';
import { renderWithProviders } from '../../../test-support/render-app.tsx';
import { PricingSection } from './PricingSection.tsx';

const DID = 'did:abt:z1WeatherBoard';
const route = `/api/apps/${encodeURIComponent(DID)}/pricing`;
const put = `PUT /api/developer/apps/${encodeURIComponent(DID)}/pricing`;

const FREE: AppPricing = {
  object: 'app_pricing',
  app_did: DID,
  type: 'free',
  interval: null,
  prices: [],
  livemode: false,
  price_id: null,
  updated_at: null,
};

/** The store sells in KDT on a chain and USD by card; a saved pricing is answered as the server would. */
function api(overrides: Record<string, ApiHandler> = {}) {
  const symbols: Record<string, [string, number]> = { pc_kdt: ['KDT', 6], pc_usd: ['USD', 2] };
  return mockApi({
    [`GET ${route}`]: () => FREE,
    'GET /api/developer/pricing-currencies': () => ({
      livemode: false,
      store_share_bps: 3000,
      list: [
        {
          id: 'pc_kdt',
          symbol: 'KDT',
          name: 'Kiosk Demo Token',
          decimal: 6,
          maximum_precision: 6,
          method: 'Local chain',
        },
        { id: 'pc_usd', symbol: 'USD', name: 'US Dollar', decimal: 2, maximum_precision: 2, method: 'Card' },
      ],
    }),
    [put]: ({ body }) => {
      const asked = body as {
        type: AppPricing['type'];
        interval?: AppPricing['interval'];
        prices?: AppPricing['prices'];
      };
      return {
        ...FREE,
        type: asked.type,
        interval: asked.interval ?? null,
        price_id: asked.type === 'free' ? null : 'price_2',
        prices: (asked.prices ?? []).map((price) => {
          const [symbol, decimal] = symbols[price.currency_id]!;
          return { ...price, symbol, decimal, maximum_precision: decimal };
        }),
      };
    },
    ...overrides,
  });
}

async function openDialog() {
  const button = await screen.findByRole<HTMLButtonElement>('button', { name: 'Set price' });
  await vi.waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
  return screen.findByRole('dialog', { name: 'Price of Weather Board' });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PricingSection', { timeout: 20_000 }, () => {
  it('prices a free app once in dollars: the amount sent in cents, the new price shown', async () => {
    const calls = api();
    renderWithProviders(<PricingSection did={DID} title="Weather Board" />);
    expect(await screen.findByText('Free')).toBeTruthy();
    const dialog = await openDialog();
    expect(within(dialog).getByText(/earlier buyers keep what they paid/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Paid once' }));
    expect(within(dialog).getByText('The store keeps 30 % of each sale; the rest is yours.')).toBeTruthy();
    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Price in USD (Card)' }), {
      target: { value: '4.99' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save price' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.calls(put)[0]!.body).toEqual({
      type: 'one_time',
      interval: null,
      prices: [{ currency_id: 'pc_usd', unit_amount: '499' }],
    });
    expect(await screen.findByText('4.99 USD')).toBeTruthy();
  });

  it('checks amounts before sending: one at least, no more decimals than the currency has', async () => {
    const calls = api();
    renderWithProviders(<PricingSection did={DID} title="Weather Board" />);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'By subscription' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save price' }));
    expect(await within(dialog).findByText('Enter a price in one currency at least')).toBeTruthy();
    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Price in USD (Card)' }), {
      target: { value: '1.234' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save price' }));
    expect(await within(dialog).findByText('At most 2 decimals')).toBeTruthy();
    expect(calls.calls(put)).toHaveLength(0);

    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Price in USD (Card)' }), {
      target: { value: '12' },
    });
    fireEvent.input(within(dialog).getByRole('textbox', { name: 'Price in KDT (Local chain)' }), {
      target: { value: '2.5' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Yearly' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save price' }));
    await vi.waitFor(() => expect(calls.calls(put)).toHaveLength(1));
    expect(calls.calls(put)[0]!.body).toEqual({
      type: 'subscription',
      interval: 'year',
      prices: [
        { currency_id: 'pc_kdt', unit_amount: '2500000' },
        { currency_id: 'pc_usd', unit_amount: '1200' },
      ],
    });
    expect(await screen.findByText(/2\.5 KDT a year/)).toBeTruthy();
  });

  it("shows the server's refusal on its field, and speaks Chinese", async () => {
    api({
      [`GET ${route}`]: () => ({
        ...FREE,
        type: 'one_time',
        price_id: 'price_1',
        prices: [
          { currency_id: 'pc_kdt', unit_amount: '5000000', symbol: 'KDT', decimal: 6, maximum_precision: 6 },
        ],
      }),
      [put]: () =>
        jsonResponse(
          {
            code: 'PRICING_CURRENCY_NOT_FOUND',
            error: '商店不支持以货币 pc_kdt 销售',
            details: [{ path: 'body.prices.0.currency_id', message: '商店不支持以该货币销售' }],
          },
          400,
        ),
    });
    renderWithProviders(<PricingSection did={DID} title="Weather Board" />, createKioskI18n('zh'));
    expect(await screen.findByText('5 KDT')).toBeTruthy();
    const button = await screen.findByRole<HTMLButtonElement>('button', { name: '设置价格' });
    await vi.waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Weather Board 的价格' });
    // The price it has is in the form, exact.
    expect(
      (within(dialog).getByRole('textbox', { name: 'KDT 价格（Local chain）' }) as HTMLInputElement).value,
    ).toBe('5');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存价格' }));
    expect(await within(dialog).findByText('商店不支持以该货币销售')).toBeTruthy();
  });
});
