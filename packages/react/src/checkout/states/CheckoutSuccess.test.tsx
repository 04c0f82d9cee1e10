import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { checkoutSession, cleanUpKiosk, renderKiosk } from '../../test-support/index.ts';
import { CheckoutSuccess } from './CheckoutSuccess.tsx';

afterEach(cleanUpKiosk);

describe('CheckoutSuccess', () => {
  it("links a subscription checkout to the subscription's page, in the session's mode, instead of its invoice", () => {
    const paid = { status: 'complete', payment_status: 'no_payment_required', invoice_id: 'in_7' } as const;
    renderKiosk(
      <CheckoutSuccess
        session={checkoutSession({ ...paid, mode: 'subscription', subscription_id: 'sub_9' })}
      />,
    );
    expect(screen.getByRole('link', { name: 'View subscription' }).getAttribute('href')).toBe(
      `${window.location.origin}/customer/subscription/sub_9?livemode=false`,
    );
    expect(screen.queryByRole('link', { name: 'View invoice' })).toBeNull();
    cleanUpKiosk();

    renderKiosk(
      <CheckoutSuccess
        session={checkoutSession({ ...paid, mode: 'subscription', subscription_id: 'sub_9', livemode: true })}
      />,
      { locale: 'zh' },
    );
    expect(screen.getByRole('link', { name: '查看订阅' }).getAttribute('href')).toBe(
      `${window.location.origin}/customer/subscription/sub_9`,
    );
  });

  it('links a one-time purchase to its invoice', () => {
    renderKiosk(<CheckoutSuccess session={checkoutSession({ status: 'complete', invoice_id: 'in_7' })} />);
    expect(screen.getByRole('link', { name: 'View invoice' }).getAttribute('href')).toBe(
      `${window.location.origin}/customer/invoice/in_7?livemode=false`,
    );
    expect(screen.queryByRole('link', { name: 'View subscription' })).toBeNull();
  });
});
