import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Price, Product } from '@kiosk/contracts';
import { jsonResponse, mockApi, type ApiHandler } from '@kiosk/react/testing';
import { routes } from '../../../routes.tsx';
import { renderRoutesAt } from '../../../test-support/render-app.tsx';
import { signedIn, userWithRoles } from '../../../test-support/sessions.ts';
import { cardMethod } from '../payment/payment-fixtures.ts';
import { inDashboardTestMode } from '../../../test-support/dashboard.ts';

const PAGE = '/dashboard/products/prod_1';
const MONTHLY = 'Edit 10 USD per month';

function price(id: string, overrides: Partial<Price> = {}): Price {
  return {
    id,
    livemode: false,
    product_id: 'prod_1',
    type: 'recurring',
    nickname: null,
    lookup_key: null,
    currency_id: 'pc_usd',
    unit_amount: '1000',
    currency_options: [],
    custom_unit_amount: null,
    recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed', proration_mode: 'prorate' },
    upsell: null,
    quantity_available: 0,
    quantity_sold: 0,
    quantity_limit_per_checkout: 0,
    active: true,
    metadata: {},
    created_at: 1_767_312_000,
    updated_at: 1_767_312_000,
    ...overrides,
  };
}

/** A monthly plan, its yearly one, a one-time price and an archived monthly one (never an upgrade). */
function team(monthly: Partial<Price> = {}): Product {
  const yearly = price('price_yearly', {
    unit_amount: '10000',
    recurring: { interval: 'year', interval_count: 1, usage_type: 'licensed', proration_mode: 'prorate' },
  });
  return {
    id: 'prod_1',
    livemode: false,
    type: 'service',
    name: 'Team plan',
    description: null,
    images: [],
    unit_label: null,
    statement_descriptor: null,
    active: true,
    metadata: {},
    cross_sell: null,
    created_at: 1_767_312_000,
    updated_at: 1_767_312_000,
    prices: [
      price('price_monthly', monthly),
      yearly,
      price('price_setup', { type: 'one_time', recurring: null, unit_amount: '2500' }),
      price('price_old', { unit_amount: '800', active: false }),
    ],
  };
}

/**
 * The merchant API of test mode holding `product`; `PUT /api/prices/:id` applies its body to the
 * product, as the server would, unless `put` answers otherwise.
 */
function mockCatalogApi(product: Product, put?: ApiHandler) {
  return mockApi({
    'GET /api/session': () => signedIn(userWithRoles(['owner', 'member'])),
    'GET /api/payment-methods': () => ({ list: [cardMethod()], count: 1 }),
    'GET /api/products': () => ({ list: [product], count: 1 }),
    'GET /api/products/prod_1': () => product,
    ...Object.fromEntries(
      product.prices.map((one) => [
        `PUT /api/prices/${one.id}`,
        put ??
          (({ body }) => {
            Object.assign(one, body);
            return one;
          }),
      ]),
    ),
  });
}

/** Opens a price's Edit from its row, once the dialog's first field has the focus. */
async function openEdit(name: string) {
  renderRoutesAt(PAGE, routes);
  fireEvent.click(await screen.findByRole('button', { name }, { timeout: 10_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit the price' });
  const field = (label: RegExp) => within(dialog).getByRole<HTMLInputElement>('textbox', { name: label });
  // Typing before the dialog's focus lands would race it.
  await waitFor(() => expect(document.activeElement).toBe(field(/^Nickname/)));
  const upsell = () => within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Upgrade offer' });
  const save = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  return { dialog, field, upsell, save };
}

const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

inDashboardTestMode();

describe('Edit price', { timeout: 20_000 }, () => {
  it('offers the other active recurring prices as upgrade, sends only what changed, and refreshes', async () => {
    const api = mockCatalogApi(team());
    const { dialog, field, upsell, save } = await openEdit(MONTHLY);
    expect(within(dialog).getByText(/amount and currency never change/)).toBeTruthy();
    expect([...upsell().options].map((option) => option.textContent)).toEqual([
      'No upgrade offer',
      '100 USD per year',
    ]);
    fireEvent.change(upsell(), { target: { value: 'price_yearly' } });
    fireEvent.input(field(/^Stock/), { target: { value: '50' } });
    save();
    await closed();
    expect(api.calls('PUT /api/prices/price_monthly').map((call) => call.body)).toEqual([
      { upsell: { upsells_to_id: 'price_yearly' }, quantity_available: 50 },
    ]);
    // The page asked for the product again and shows the new stock.
    expect(await screen.findByText('50 left')).toBeTruthy();
  });

  it('starts from the current upgrade and sends upsell: null when it is taken off', async () => {
    const api = mockCatalogApi(team({ upsell: { upsells_to_id: 'price_yearly' }, quantity_available: 7 }));
    const { field, upsell, save } = await openEdit(MONTHLY);
    expect(upsell().value).toBe('price_yearly');
    expect(field(/^Stock/).value).toBe('7');
    fireEvent.change(upsell(), { target: { value: '' } });
    save();
    await closed();
    expect(api.calls('PUT /api/prices/price_monthly').map((call) => call.body)).toEqual([{ upsell: null }]);
  });

  it('closes an untouched dialog without asking the server', async () => {
    const api = mockCatalogApi(team({ nickname: 'Monthly' }));
    const { save } = await openEdit('Edit 10 USD per month');
    save();
    await closed();
    expect(api.calls('PUT /api/prices/price_monthly')).toEqual([]);
  });

  it('refuses a stock that is not a whole number of 1 or more, before sending', async () => {
    const api = mockCatalogApi(team());
    const { dialog, field, save } = await openEdit(MONTHLY);
    for (const typed of ['-1', 'abc']) {
      fireEvent.input(field(/^Stock/), { target: { value: typed } });
      save();
      await waitFor(() => expect(field(/^Stock/).getAttribute('aria-invalid')).toBe('true'));
      expect(within(dialog).getByText('A whole number of 1 or more, or blank.')).toBeTruthy();
    }
    expect(api.calls('PUT /api/prices/price_monthly')).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Edit the price' })).toBeTruthy();
  });

  it("says the server's refusal of the upgrade on the Upgrade offer field", async () => {
    const message = 'No such price in this mode';
    mockCatalogApi(team(), () =>
      jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          error: 'Invalid request',
          details: [{ path: 'body.upsell.upsells_to_id', message }],
        },
        400,
      ),
    );
    const { dialog, upsell, save } = await openEdit(MONTHLY);
    fireEvent.change(upsell(), { target: { value: 'price_yearly' } });
    save();
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(upsell().getAttribute('aria-invalid')).toBe('true');
    expect(upsell().getAttribute('aria-describedby')).toBe(
      within(dialog).getByText(message).getAttribute('id'),
    );
    expect(screen.getByRole('dialog', { name: 'Edit the price' })).toBeTruthy();
  });

  it('offers a one-time price no upgrade, and saves its nickname and limit', async () => {
    const api = mockCatalogApi(team());
    const { dialog, field, save } = await openEdit('Edit 25 USD');
    expect(within(dialog).queryByRole('combobox', { name: 'Upgrade offer' })).toBeNull();
    fireEvent.input(field(/^Nickname/), { target: { value: ' Setup fee ' } });
    fireEvent.input(field(/^Most per order/), { target: { value: '1' } });
    save();
    await closed();
    expect(api.calls('PUT /api/prices/price_setup').map((call) => call.body)).toEqual([
      { nickname: 'Setup fee', quantity_limit_per_checkout: 1 },
    ]);
  });
});
