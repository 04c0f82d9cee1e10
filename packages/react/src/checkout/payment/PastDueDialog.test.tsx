import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Invoice } from '@kiosk/contracts';
import {
  BUYER_ADDRESS,
  ETH,
  KDT,
  cleanUpKiosk,
  jsonResponse,
  mockApi,
  renderKiosk,
} from '../../test-support/index.ts';
import {
  OVERDUE,
  OVERDUE_START,
  OVERDUE_TX,
  injectWallet,
  mockOverdueApi,
  overdueAnswer,
  overdueInvoice,
} from '../../test-support/past-due-fixtures.ts';
import { PastDueDialog } from './PastDueDialog.tsx';

const OWED = [
  overdueInvoice('in_1', KDT, '10000000'),
  overdueInvoice('in_2', KDT, '5000000'),
  overdueInvoice('in_3', ETH, '1000000000000000'),
];
const start = (owed: Invoice[]) => mockOverdueApi(owed);

const rowOf = (currencyId: string) => screen.getByTestId(`past-due-row-${currencyId}`);

beforeEach(() => vi.stubGlobal('WebSocket', undefined));
afterEach(cleanUpKiosk);

describe('PastDueDialog', () => {
  it('shows one row per currency with its overdue sum and invoice links; each goes idle → in progress → Paid, then the purchase goes on', async () => {
    const calls = start(OWED);
    const sent = injectWallet();
    const onPaid = vi.fn();
    renderKiosk(
      <PastDueDialog
        open
        scope={{ customerId: 'cus_1' }}
        livemode={false}
        buyerDid={`did:pkh:eip155:1:${BUYER_ADDRESS}`}
        onPaid={onPaid}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pay your overdue invoices' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    await within(dialog).findByText('15 KDT');
    const kdtRow = rowOf(KDT);
    expect(within(kdtRow).getByRole('status').textContent).toBe('15 KDT overdue');
    expect(
      within(kdtRow)
        .getAllByRole('link')
        .map((link) => [
          link.textContent,
          new URL(link.getAttribute('href')!).pathname + new URL(link.getAttribute('href')!).search,
        ]),
    ).toEqual([
      ['Invoice INV-in_1', '/customer/invoice/in_1?livemode=false'],
      ['Invoice INV-in_2', '/customer/invoice/in_2?livemode=false'],
    ]);
    expect(within(rowOf(ETH)).getByText('0.001 ETH')).toBeTruthy();

    // A known buyer chooses how to pay: this browser's wallet, a phone's, or (test mode) the test wallet.
    const payKdt = within(kdtRow).getByRole('button', { name: 'Pay 15 KDT' });
    payKdt.focus();
    fireEvent.click(payKdt);
    const choose = await screen.findByRole('dialog', { name: 'Pay 15 KDT' });
    fireEvent.click(await within(choose).findByRole('button', { name: /^Pay with / }));
    await waitFor(() => expect(rowOf(KDT).dataset.status).toBe('paid'));
    expect(within(rowOf(KDT)).getByRole('status').textContent).toBe('15 KDT: Paid');
    // The row's button is gone with its payment: focus goes to the next row to pay, not to the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(rowOf(ETH)).getByRole('button', { name: 'Pay 0.001 ETH' })),
    );
    // One transfer of the currency's exact sum, asked for this customer in test mode.
    expect(calls.calls(OVERDUE_START)[0]!.body).toEqual({ currency_id: KDT, customer_id: 'cus_1' });
    expect(calls.calls(OVERDUE_START)[0]!.url.searchParams.get('livemode')).toBe('false');
    expect(sent).toHaveLength(1);
    // Another currency still owed: the purchase waits.
    expect(rowOf(ETH).dataset.status).toBe('idle');
    expect(onPaid).not.toHaveBeenCalled();

    fireEvent.click(within(rowOf(ETH)).getByRole('button', { name: 'Pay 0.001 ETH' }));
    const chooseEth = await screen.findByRole('dialog', { name: 'Pay 0.001 ETH' });
    fireEvent.click(await within(chooseEth).findByRole('button', { name: /^Pay with / }));
    await waitFor(() => expect(rowOf(ETH).dataset.status).toBe('paid'));
    await screen.findByText(/You have successfully paid the invoice/);
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1), { timeout: 3_000 });
  });

  it('pays a row from a wallet elsewhere through the collect-batch connect session (here the test wallet)', async () => {
    const calls = start([OWED[0]!, OWED[2]!]);
    const onPaid = vi.fn();
    renderKiosk(
      <PastDueDialog
        open
        scope={{ customerId: 'cus_1' }}
        livemode={false}
        buyerDid={`did:pkh:eip155:1:${BUYER_ADDRESS}`}
        onPaid={onPaid}
        onClose={() => {}}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pay 10 KDT' }));
    const choose = await screen.findByRole('dialog', { name: 'Pay 10 KDT' });
    fireEvent.click(await within(choose).findByRole('button', { name: 'Test wallet' }));
    await waitFor(() => expect(rowOf(KDT).dataset.status).toBe('paid'), { timeout: 5_000 });
    // Seed 000 §7: the currency and the scope, for the signed-in buyer.
    expect(calls.calls('POST /api/did/collect-batch/token')[0]!.body).toEqual({
      params: { currencyId: KDT, customerId: 'cus_1', sessionUserDid: `did:pkh:eip155:1:${BUYER_ADDRESS}` },
    });
    expect(calls.calls(OVERDUE_START)).toHaveLength(0);
    expect(rowOf(ETH).dataset.status).toBe('idle');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('a declined wallet fails the row with the failure text and its reason; Retry pays', async () => {
    start([OWED[0]!]);
    let decline = true;
    injectWallet(() => decline);
    const onPaid = vi.fn();
    renderKiosk(
      <PastDueDialog
        open
        scope={{ customerId: 'cus_1' }}
        livemode={false}
        onPaid={onPaid}
        onClose={() => {}}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pay 10 KDT' }));
    await waitFor(() => expect(rowOf(KDT).dataset.status).toBe('failed'));
    expect(within(rowOf(KDT)).getByRole('status').textContent).toBe('10 KDT: Failed to pay the invoice');
    expect(within(rowOf(KDT)).getByRole('alert').textContent).toBe(
      'You declined the payment in your wallet.',
    );
    expect(onPaid).not.toHaveBeenCalled();

    decline = false;
    fireEvent.click(within(rowOf(KDT)).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rowOf(KDT).dataset.status).toBe('paid'));
    expect(within(rowOf(KDT)).queryByRole('alert')).toBeNull();
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1), { timeout: 3_000 });
  });

  it("a card method's row cannot be paid here: it says so and opens the invoice (seed 000 §4, §8)", async () => {
    mockApi({ [OVERDUE]: () => overdueAnswer([OWED[0]!], true) });
    injectWallet();
    renderKiosk(
      <PastDueDialog
        open
        scope={{ customerId: 'cus_1' }}
        livemode={false}
        onPaid={() => {}}
        onClose={() => {}}
      />,
    );
    await screen.findByText('This payment method is not supported');
    expect(within(rowOf(KDT)).queryByRole('button', { name: /Pay/ })).toBeNull();
    const open = within(rowOf(KDT)).getByRole('link', { name: 'Open the invoice to pay it' });
    expect(new URL(open.getAttribute('href')!).pathname).toBe('/customer/invoice/in_1');
  });

  it('without a wallet in the browser, says where to pay instead of offering a button', async () => {
    start([OWED[0]!]);
    renderKiosk(
      <PastDueDialog
        open
        scope={{ customerId: 'cus_1' }}
        livemode={false}
        onPaid={() => {}}
        onClose={() => {}}
      />,
    );
    await screen.findByText(/No wallet was found in this browser/);
    expect(screen.queryByRole('button', { name: 'Pay 10 KDT' })).toBeNull();
  });

  it('with several wallets in the browser, the customer chooses the one that pays', async () => {
    const calls = start([OWED[0]!]);
    const sentBy: string[] = [];
    // The wallets answer only during this test.
    const wallets = new AbortController();
    onTestFinished(() => wallets.abort());
    const announce = (name: string) => {
      const provider = {
        request: async ({ method }: { method: string }) => {
          if (method === 'eth_requestAccounts') return [BUYER_ADDRESS];
          if (method === 'eth_chainId') return '0x7a69';
          sentBy.push(name);
          return OVERDUE_TX;
        },
      };
      const detail = { info: { uuid: name, name, icon: '', rdns: name }, provider };
      window.addEventListener(
        'eip6963:requestProvider',
        () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail })),
        { signal: wallets.signal },
      );
    };
    announce('Wallet A');
    announce('Wallet B');
    renderKiosk(
      <PastDueDialog
        open
        scope={{ customerId: 'cus_1' }}
        livemode={false}
        onPaid={() => {}}
        onClose={() => {}}
      />,
    );
    const pay = await screen.findByRole('button', { name: 'Pay 10 KDT' });
    expect(pay.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(pay);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Pay with Wallet B' }));
    await waitFor(() => expect(rowOf(KDT).dataset.status).toBe('paid'));
    expect(sentBy).toEqual(['Wallet B']);
    expect(calls.calls(OVERDUE_START)).toHaveLength(1);
  });

  it('speaks Chinese', async () => {
    start([OWED[0]!]);
    injectWallet();
    renderKiosk(
      <PastDueDialog
        open
        scope={{ customerId: 'cus_1' }}
        livemode={false}
        onPaid={() => {}}
        onClose={() => {}}
      />,
      { locale: 'zh' },
    );
    await screen.findByRole('dialog', { name: '支付逾期账单' });
    fireEvent.click(await screen.findByRole('button', { name: '支付 10 KDT' }));
    await waitFor(() => expect(within(rowOf(KDT)).getByRole('status').textContent).toBe('10 KDT：已支付'));
  });

  it('Try again reads the overdue invoices again after a failure; focus goes to the first row to pay', async () => {
    let fail = true;
    mockApi({
      [OVERDUE]: () =>
        fail ? jsonResponse({ code: 'INTERNAL', error: 'down' }, 500) : overdueAnswer([OWED[0]!]),
    });
    injectWallet();
    renderKiosk(
      <PastDueDialog
        open
        scope={{ customerId: 'cus_1' }}
        livemode={false}
        onPaid={() => {}}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByText('Your overdue invoices could not be loaded.')).toBeTruthy();
    fail = false;
    const again = screen.getByRole('button', { name: 'Try again' });
    again.focus();
    fireEvent.click(again);
    // Try again is gone with the failure: focus goes to the rows' action, not to the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(rowOf(KDT)).getByRole('button', { name: 'Pay 10 KDT' })),
    );
  });

  it('keeps its rows when a read while paying fails (the row waits for its payment as before)', async () => {
    const calls = start([OWED[0]!, OWED[2]!]);
    injectWallet();
    // After the first read, reads of the overdue invoices fail (the server is briefly unreachable).
    const answer = calls.fetch.getMockImplementation()!;
    let reads = 0;
    calls.fetch.mockImplementation(async (input, init) =>
      String(input).includes('/overdue/invoices') && ++reads > 1
        ? jsonResponse({ code: 'INTERNAL', error: 'down' }, 500)
        : answer(input, init),
    );
    renderKiosk(
      <PastDueDialog
        open
        scope={{ customerId: 'cus_1' }}
        livemode={false}
        onPaid={() => {}}
        onClose={() => {}}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pay 10 KDT' }));
    await waitFor(() => expect(reads).toBeGreaterThan(1));
    expect(rowOf(KDT).dataset.status).toBe('paying');
    expect(rowOf(ETH).dataset.status).toBe('idle');
    expect(screen.queryByText('Your overdue invoices could not be loaded.')).toBeNull();
  });

  it('closes on Escape without paying', async () => {
    start([OWED[0]!]);
    const onClose = vi.fn();
    renderKiosk(
      <PastDueDialog
        open
        scope={{ customerId: 'cus_1' }}
        livemode={false}
        onPaid={() => {}}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
