import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentLinkInput, type PaymentLink, type Price } from '@kiosk/contracts';
import { useScreenMessages } from '@kiosk/react';
import { jsonResponse, mockApi } from '@kiosk/react/testing';
import { dashboardLinksMessages } from '@kiosk/core/i18n/dashboard-links';
import { renderWithProviders } from '../../../test-support/render-app.tsx';
import { PaymentLinkDialog, type PaymentLinkDialogProps } from './PaymentLinkDialog.tsx';
import { usePaymentLinkChanges } from './use-payment-links.ts';

const price = (id: string, custom: boolean) =>
  ({
    id,
    type: 'one_time',
    recurring: null,
    custom_unit_amount: custom ? { presets: [], preset: null, minimum: '100', maximum: null } : null,
  }) as unknown as Price;

const CHOICES: PaymentLinkDialogProps['choices'] = [
  {
    value: { price: price('price_tips', true), product: { id: 'prod_tips', name: 'Tips' } },
    label: 'Tips · Pay what you want',
  },
  {
    value: { price: price('price_mug', false), product: { id: 'prod_mug', name: 'Mug' } },
    label: 'Mug · 12 USD',
  },
];

const CREATED = { id: 'plink_1', url: 'http://localhost/checkout/pay/plink_1' } as PaymentLink;

/** The dialog as the links page opens it: its create goes through the app's client to the API. */
function Dialog() {
  useScreenMessages(dashboardLinksMessages);
  const { create } = usePaymentLinkChanges(false);
  return (
    <PaymentLinkDialog choices={CHOICES} onCreate={(link) => create.mutateAsync(link)} onClose={() => {}} />
  );
}

async function open() {
  renderWithProviders(<Dialog />);
  const dialog = screen.getByRole('dialog');
  const field = (name: RegExp, scope: HTMLElement = dialog) =>
    within(scope).getByRole<HTMLInputElement>('textbox', { name });
  const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });
  const row = (number: number) => within(dialog).getByRole('group', { name: `Beneficiary ${number}` });
  // Typing before the dialog's focus lands would race it.
  await waitFor(() => expect(document.activeElement).toBe(field(/^Name/)));
  fireEvent.click(within(dialog).getByRole('button', { name: 'More options' }));
  return { dialog, field, type, row };
}

/** Turns Donation link on and fills one beneficiary row per `[name, address, percent]`. */
async function fillDonation(
  { dialog, field, type, row }: Awaited<ReturnType<typeof open>>,
  beneficiaries: [string, string, string][],
) {
  fireEvent.click(within(dialog).getByRole('checkbox', { name: /^Donation link/ }));
  await within(dialog).findByRole('group', { name: 'Donation settings' });
  for (const [index, [name, address, percent]] of beneficiaries.entries()) {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a beneficiary' }));
    const added = await waitFor(() => row(index + 1));
    type(field(/^Name/, added), name);
    type(field(/^Wallet address/, added), address);
    type(field(/^Percent/, added), percent);
  }
}

const create = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PaymentLinkDialog’s donation link', { timeout: 20_000 }, () => {
  it('sends the target, the title and the beneficiaries’ percents, with submit_type donate', async () => {
    const api = mockApi({ 'POST /api/payment-links': () => jsonResponse(CREATED, 201) });
    const form = await open();
    await fillDonation(form, [
      ['Author', '0xA1', '60'],
      ['Editor', '0xB2', '30'],
    ]);
    form.type(form.field(/^Target/), ' post-42 ');
    form.type(form.field(/^Title/), 'Support this post');
    create(form.dialog);
    await within(form.dialog).findByText('Your payment link is ready');
    const [sent] = api.calls('POST /api/payment-links');
    expect(sent!.body).toMatchObject({
      line_items: [{ price_id: 'price_tips', quantity: 1 }],
      submit_type: 'donate',
    });
    expect((sent!.body as { donation_settings: unknown }).donation_settings).toEqual({
      target: 'post-42',
      title: 'Support this post',
      beneficiaries: [
        { name: 'Author', address: '0xA1', percent: 60 },
        { name: 'Editor', address: '0xB2', percent: 30 },
      ],
    });
    expect(paymentLinkInput.safeParse(sent!.body).success).toBe(true);
  });

  it('refuses percents over 100 in the form, on the last row, and sends nothing', async () => {
    const api = mockApi({ 'POST /api/payment-links': () => jsonResponse(CREATED, 201) });
    const form = await open();
    await fillDonation(form, [
      ['Author', '0xA1', '70'],
      ['Editor', '0xB2', '40'],
    ]);
    create(form.dialog);
    await within(form.row(2)).findByText('The percents add up to more than 100.');
    expect(within(form.row(1)).queryByText('The percents add up to more than 100.')).toBeNull();
    expect(api.calls('POST /api/payment-links')).toHaveLength(0);
    // Lowering another row's percent takes the sum's message away from the last row.
    form.type(form.field(/^Percent/, form.row(1)), '60');
    await waitFor(() =>
      expect(within(form.row(2)).queryByText('The percents add up to more than 100.')).toBeNull(),
    );
  });

  it('refuses a beneficiary without a name or address, a bad percent and a reference that is no address', async () => {
    const api = mockApi({ 'POST /api/payment-links': () => jsonResponse(CREATED, 201) });
    const form = await open();
    await fillDonation(form, [[' ', '', '0']]);
    form.type(form.field(/^Reference page/), 'blog.example/42');
    create(form.dialog);
    const first = form.row(1);
    await within(first).findByText('Give the beneficiary a name.');
    expect(within(first).getByText('Enter the address their share is paid to.')).toBeTruthy();
    expect(within(first).getByText('More than 0, up to 100, at most 2 decimals.')).toBeTruthy();
    expect(within(form.dialog).getByText('Must be an http:// or https:// web address')).toBeTruthy();
    expect(api.calls('POST /api/payment-links')).toHaveLength(0);
  });

  it('says the server’s refusal of a price without a custom amount on the price field', async () => {
    const needsCustom = 'A donation link sells one one-time price with a custom amount (custom_unit_amount)';
    mockApi({
      'POST /api/payment-links': () =>
        jsonResponse(
          {
            code: 'VALIDATION_FAILED',
            error: 'Invalid request',
            details: [{ path: 'body.line_items', message: needsCustom }],
          },
          400,
        ),
    });
    const form = await open();
    const priceField = within(form.dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Price' });
    fireEvent.change(priceField, { target: { value: 'price_mug' } });
    await fillDonation(form, []);
    create(form.dialog);
    const item = within(form.dialog).getByRole('group', { name: 'Item 1' });
    await within(item).findByText(needsCustom);
    expect(priceField.getAttribute('aria-invalid')).toBe('true');
    expect(within(form.dialog).queryByRole('alert')).toBeNull();
  });

  it('says the server’s refusal of a beneficiary on its field', async () => {
    mockApi({
      'POST /api/payment-links': () =>
        jsonResponse(
          {
            code: 'VALIDATION_FAILED',
            error: 'Invalid request',
            details: [{ path: 'body.donation_settings.beneficiaries.1.address', message: 'Too long' }],
          },
          400,
        ),
    });
    const form = await open();
    await fillDonation(form, [
      ['Author', '0xA1', '60'],
      ['Editor', '0xB2', '30'],
    ]);
    create(form.dialog);
    await within(form.row(2)).findByText('Too long');
    expect(form.field(/^Wallet address/, form.row(2)).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends nothing of a donation while Donation link is off, even after it was filled in', async () => {
    const api = mockApi({ 'POST /api/payment-links': () => jsonResponse(CREATED, 201) });
    const form = await open();
    // An unfinished row, then turned off again: it is neither checked nor sent.
    await fillDonation(form, [['', '', '']]);
    form.type(form.field(/^Target/), 'post-42');
    fireEvent.click(within(form.dialog).getByRole('checkbox', { name: /^Donation link/ }));
    await waitFor(() =>
      expect(within(form.dialog).queryByRole('group', { name: 'Donation settings' })).toBeNull(),
    );
    create(form.dialog);
    await within(form.dialog).findByText('Your payment link is ready');
    const [sent] = api.calls('POST /api/payment-links');
    expect(sent!.body).not.toHaveProperty('donation_settings');
    expect(sent!.body).toMatchObject({ submit_type: 'auto' });
  });
});
