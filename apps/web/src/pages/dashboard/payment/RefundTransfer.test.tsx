import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardPaymentMessages } from '@kiosk/core/i18n/dashboard-payment';
import { useScreenMessages } from '@kiosk/react';
import { createKioskI18n } from '@kiosk/react/i18n';
import { jsonResponse, mockApi } from '@kiosk/react/testing';
import { renderWithProviders } from '../../../test-support/render-app.tsx';
import { refund } from './payment-fixtures.ts';
import { RefundTransfer } from './RefundTransfer.tsx';

const PAYER = '0x1111111111111111111111111111111111111111';
const HASH = `0x${'ab'.repeat(32)}`;
const awaiting = refund({
  id: 're_evm',
  status: 'pending',
  amount: '500000000000000',
  next_action: {
    type: 'send_transfer',
    transfer: {
      type: 'evm_transfer',
      chain_id: '31337',
      to: PAYER,
      token: '',
      amount: '500000000000000',
      symbol: 'ETH',
      decimal: '18',
    },
  },
});

function Panel(props: Parameters<typeof RefundTransfer>[0]) {
  useScreenMessages(dashboardPaymentMessages);
  return <RefundTransfer {...props} />;
}

const money = (amount: string | bigint) => `${Number(amount) / 1e18} ETH`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RefundTransfer', { timeout: 20_000 }, () => {
  it("sends the transfer from the merchant's wallet and names it to the server", async () => {
    const api = mockApi({
      'POST /api/refunds/re_evm/transfer': () => ({
        ...awaiting,
        next_action: null,
        transfer_reference: HASH,
      }),
    });
    const request = vi.fn(async ({ method }: { method: string }) => {
      if (method === 'eth_requestAccounts') return ['0x2222222222222222222222222222222222222222'];
      if (method === 'eth_chainId') return '0x7a69';
      if (method === 'eth_sendTransaction') return HASH;
      throw new Error(method);
    });
    vi.stubGlobal('ethereum', { request });
    renderWithProviders(<Panel refund={awaiting} paymentId="pi_1" money={money} />, createKioskI18n('en'));
    expect(screen.getByText(PAYER)).toBeTruthy();
    expect(screen.getByText(/send 0.0005 ETH from your wallet to this address on chain 31337/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send with my wallet' }));
    // viem's encoder loads on the first send.
    await waitFor(() => expect(api.calls('POST /api/refunds/re_evm/transfer')).toHaveLength(1), {
      timeout: 10_000,
    });
    expect(request).toHaveBeenCalledWith({
      method: 'eth_sendTransaction',
      params: [{ from: '0x2222222222222222222222222222222222222222', to: PAYER, value: '0x1c6bf52634000' }],
    });
    expect(api.calls('POST /api/refunds/re_evm/transfer')[0]!.body).toEqual({ reference: HASH });
  });

  it('names a hash sent from elsewhere, and says why the server refused it, in Chinese', async () => {
    const api = mockApi({
      'POST /api/refunds/re_evm/transfer': () =>
        jsonResponse(
          { code: 'REFUND_TRANSFER_REJECTED', error: '该交易不能用于这笔退款（TOO_LITTLE）' },
          400,
        ),
    });
    renderWithProviders(<Panel refund={awaiting} paymentId="pi_1" money={money} />, createKioskI18n('zh'));
    // No wallet in this browser: only the hash.
    expect(screen.queryByRole('button', { name: '用我的钱包发送' })).toBeNull();
    fireEvent.input(screen.getByRole('textbox', { name: '交易哈希' }), { target: { value: ` ${HASH} ` } });
    fireEvent.click(screen.getByRole('button', { name: '核对交易' }));
    expect(await screen.findByText(/TOO_LITTLE/)).toBeTruthy();
    expect(api.calls('POST /api/refunds/re_evm/transfer')[0]!.body).toEqual({ reference: HASH });
  });

  it('checks a named transfer again while it waits for confirmations', async () => {
    const api = mockApi({
      'POST /api/refunds/re_evm/transfer': () => ({ ...awaiting, status: 'succeeded' }),
    });
    const named = { ...awaiting, next_action: null, transfer_reference: HASH };
    renderWithProviders(<Panel refund={named} paymentId="pi_1" money={money} />, createKioskI18n('en'));
    expect(screen.getByText(HASH)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel refund' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(api.calls('POST /api/refunds/re_evm/transfer')).toHaveLength(1));
  });
});
