import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import { ApiError } from '@kiosk/sdk';
import { dashboardCatalogMessages } from '@kiosk/core/i18n/dashboard-catalog';
import { useScreenMessages } from '@kiosk/react';
import { renderWithProviders } from '../../../test-support/render-app.tsx';
import type { CurrencyChoice } from './currency-choices.ts';
import { ProductDialog, type ProductDialogProps } from './ProductDialog.tsx';

const CURRENCIES: CurrencyChoice[] = [
  { id: 'pc_usd', symbol: 'USD', decimal: 2, maximum_precision: 2, label: 'USD · Cards' },
  { id: 'pc_eth', symbol: 'ETH', decimal: 18, maximum_precision: 6, label: 'ETH · Ethereum' },
];

const saved = { id: 'prod_1', name: 'Team plan' } as Product;

function Dialog(props: ProductDialogProps) {
  useScreenMessages(dashboardCatalogMessages);
  return <ProductDialog {...props} />;
}

function open(props: Partial<ProductDialogProps> = {}, locale: 'en' | 'zh' = 'en') {
  const onSave = vi.fn(async () => saved);
  const onClose = vi.fn();
  renderWithProviders(
    <Dialog
      {...({ kind: 'add', currencies: CURRENCIES, onSave, onClose, ...props } as ProductDialogProps)}
    />,
    createKioskI18n(locale),
  );
  const dialog = screen.getByRole('dialog');
  const field = (name: RegExp) => within(dialog).getByRole<HTMLInputElement>('textbox', { name });
  return { dialog, field, onSave, onClose };
}

afterEach(cleanup);

describe('ProductDialog', { timeout: 20_000 }, () => {
  it('adds a product with a monthly price in smallest units and another currency', async () => {
    const { dialog, field, onSave, onClose } = open();
    fireEvent.input(field(/^Name/), { target: { value: '  Team plan ' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Recurring' }));
    fireEvent.input(field(/^Amount \(USD\)/), { target: { value: '10.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a currency' }));
    fireEvent.input(await within(dialog).findByRole('textbox', { name: /^Amount \(ETH\)/ }), {
      target: { value: '0.004' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]).toEqual([
      expect.objectContaining({
        name: 'Team plan',
        description: null,
        prices: [
          expect.objectContaining({
            type: 'recurring',
            currency_id: 'pc_usd',
            unit_amount: '1050',
            recurring: expect.objectContaining({ interval: 'month', interval_count: 1 }),
            currency_options: [
              expect.objectContaining({ currency_id: 'pc_eth', unit_amount: '4000000000000000' }),
            ],
          }),
        ],
      }),
    ]);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('refuses a blank name, a price of 0, and more decimals than the currency has, before sending', async () => {
    const { dialog, field, onSave } = open();
    fireEvent.input(field(/^Amount \(USD\)/), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));
    await within(dialog).findByText('Give the product a name.');
    expect(within(dialog).getByText('A fixed price must be more than 0.')).toBeTruthy();
    fireEvent.input(field(/^Amount \(USD\)/), { target: { value: '1.005' } });
    await within(dialog).findByText('At most 2 decimal places.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('makes a pay-what-you-want price and refuses a maximum below the minimum, in Chinese', async () => {
    const onSave = vi.fn(async () => saved);
    const { dialog, field } = open({ onSave }, 'zh');
    fireEvent.input(field(/^名称/), { target: { value: '捐助' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: '由顾客决定（随心付）' }));
    fireEvent.input(field(/^最低（USD）/), { target: { value: '5' } });
    fireEvent.input(field(/^最高（USD）/), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '添加产品' }));
    await within(dialog).findByText('最高金额不能低于最低金额。');
    fireEvent.input(field(/^最高（USD）/), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '添加产品' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]).toEqual([
      expect.objectContaining({
        prices: [
          expect.objectContaining({
            unit_amount: '500',
            custom_unit_amount: expect.objectContaining({ minimum: '500', maximum: '5000' }),
          }),
        ],
      }),
    ]);
  });

  it('says the server’s refusal on its field and keeps what was typed', async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError(400, 'VALIDATION_FAILED', 'Invalid request', [
        { path: 'body.prices.0.currency_id', message: 'That currency is not offered' },
      ]);
    });
    const { dialog, field } = open({ onSave });
    fireEvent.input(field(/^Name/), { target: { value: 'Mug' } });
    fireEvent.input(field(/^Amount \(USD\)/), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));
    await within(dialog).findByText('That currency is not offered');
    expect(field(/^Name/).value).toBe('Mug');
  });
  it('adds a price to a product that offers an upgrade to one of its prices', async () => {
    const onSave = vi.fn(async () => saved);
    const { dialog, field } = open({
      kind: 'price',
      product: { ...saved, prices: [] },
      upsells: [{ id: 'price_yearly', label: '100 USD per year' }],
      onSave,
    } as unknown as Partial<ProductDialogProps>);
    expect(within(dialog).queryByRole('textbox', { name: /^Name/ })).toBeNull();
    fireEvent.input(field(/^Amount \(USD\)/), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Offer an upgrade to' }), {
      target: { value: 'price_yearly' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add price' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]).toEqual([
      expect.objectContaining({ unit_amount: '1000', upsell: { upsells_to_id: 'price_yearly' } }),
    ]);
  });
});
