import { useState } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Refund } from '@kiosk/contracts';
import { createKioskI18n } from '@kiosk/react/i18n';
import { ApiError } from '@kiosk/sdk';
import { renderWithProviders } from '../../../test-support/render-app.tsx';
import { refund } from './payment-fixtures.ts';
import { RefundDialog, type RefundDialogProps } from './RefundDialog.tsx';
import type { RefundRequest } from './use-payment.ts';

const USD = { decimal: 2, maximum_precision: 2, symbol: 'USD' };
const ETH = { decimal: 18, maximum_precision: 6, symbol: 'ETH' };

/** A page with the button that opens the dialog, mounted while open, as the payment page does. */
function Page(props: Partial<RefundDialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open refund</button>
      {open && (
        <RefundDialog
          chargeId="ch_1"
          left={1200n}
          currency={USD}
          onRefund={async () => refund()}
          onRefunded={() => setOpen(false)}
          onClose={() => setOpen(false)}
          {...props}
        />
      )}
    </>
  );
}

function open(props: Partial<RefundDialogProps> = {}, locale: 'en' | 'zh' = 'en') {
  renderWithProviders(<Page {...props} />, createKioskI18n(locale));
  fireEvent.click(screen.getByRole('button', { name: 'Open refund' }));
  const dialog = screen.getByRole('dialog');
  const amount = within(dialog).getAllByRole<HTMLInputElement>('textbox')[0]!;
  const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: /^(Refund|退款)$/ }));
  return { dialog, amount, submit };
}

afterEach(cleanup);

describe('RefundDialog', { timeout: 20_000 }, () => {
  it('sends the amount in smallest units with the reason chosen, and hands the refund on', async () => {
    const onRefund = vi.fn(async (request: RefundRequest) => refund({ amount: request.amount.toString() }));
    const onRefunded = vi.fn();
    const { dialog, amount, submit } = open({ onRefund, onRefunded });
    expect(
      within(dialog).getByText(
        'Up to 12 USD can be refunded. The money goes back the way the customer paid.',
      ),
    ).toBeTruthy();
    expect(amount.value).toBe('12');
    fireEvent.input(amount, { target: { value: '4.5' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Fraudulent' }));
    submit();
    await waitFor(() => expect(onRefunded).toHaveBeenCalledTimes(1));
    expect(onRefund).toHaveBeenCalledWith(
      expect.objectContaining({ chargeId: 'ch_1', amount: 450n, reason: 'fraudulent' }),
    );
    expect((onRefunded.mock.calls[0]![0] as Refund).amount).toBe('450');
  });

  it('starts at all that is left, exact to the smallest unit rather than rounded for display', async () => {
    const onRefund = vi.fn(async () => refund());
    const { amount, submit } = open({ left: 1_234_567_890_123_456_789n, currency: ETH, onRefund });
    expect(amount.value).toBe('1.234567890123456789');
    submit();
    await waitFor(() => expect(onRefund).toHaveBeenCalledTimes(1));
    expect(onRefund).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 1_234_567_890_123_456_789n, reason: 'requested_by_customer' }),
    );
  });

  it.each([
    ['12.01', 'At most 12 USD is left to refund'],
    ['0', 'Enter more than 0'],
    ['1.234', 'At most 2 decimal places'],
    ['twelve', 'Enter an amount such as 12.50'],
  ])('refuses %s without sending it: "%s"', async (typed, message) => {
    const onRefund = vi.fn(async () => refund());
    const { dialog, amount, submit } = open({ onRefund });
    fireEvent.input(amount, { target: { value: typed } });
    submit();
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(onRefund).not.toHaveBeenCalled();
  });

  it('sends one key per opening: again after a refusal is the same key, a new opening a new one', async () => {
    const onRefund = vi.fn(async (_request: RefundRequest): Promise<Refund> => {
      throw new ApiError(400, 'REFUND_NOT_SUPPORTED', 'This method cannot refund by itself');
    });
    const first = open({ onRefund });
    first.submit();
    expect(await within(first.dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'The refund was not madeThis method cannot refund by itself',
    );
    first.submit();
    await waitFor(() => expect(onRefund).toHaveBeenCalledTimes(2));
    const [one, two] = onRefund.mock.calls.map(([request]) => request.idempotencyKey);
    expect(one).toBe(two);

    fireEvent.click(within(first.dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open refund' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(onRefund).toHaveBeenCalledTimes(3));
    expect(onRefund.mock.calls[2]![0].idempotencyKey).not.toBe(one);
  });

  it('reads in Chinese', async () => {
    const { dialog, amount, submit } = open({}, 'zh');
    expect(within(dialog).getByRole('heading', { name: '退款' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '重复付款' })).toBeTruthy();
    fireEvent.input(amount, { target: { value: '13' } });
    submit();
    expect(await within(dialog).findByText('最多还可退 12 USD')).toBeTruthy();
  });
});
