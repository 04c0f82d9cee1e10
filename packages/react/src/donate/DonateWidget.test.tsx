import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DonationsAnswer, Supporter } from '@kiosk/contracts';
import {
  checkoutRoutes,
  cleanUpKiosk,
  envelope,
  jsonResponse,
  mockApi,
  renderKiosk,
  smallScreen,
} from '../test-support/index.ts';
import { DonateWidget } from './DonateWidget.tsx';

/**
 * The donate widget (issue 25; seed 000 §9, seed 001 §8–§9): a button and the supporters chip (5
 * avatars on a phone, 10 wider), the list of supporters with the total, the form in a dialog that
 * closes itself after the thanks, and nothing at all when the target is unknown.
 */

const LINK = 'plink_tips000001';

function supporter(n: number, overrides: Partial<Supporter> = {}): Supporter {
  return {
    checkout_session_id: `cs_test${String(n).padStart(7, '0')}`,
    name: null,
    did: `did:pkh:eip155:1:0x${String(n).padStart(40, '0')}`,
    anonymous: true,
    amount: '1000000',
    currency_id: 'pc_kdt',
    paid_at: 1_796_000_000,
    ...overrides,
  };
}

function answer(supporters: Supporter[], total = supporters.length): DonationsAnswer {
  return {
    payment_link_id: LINK,
    title: 'the Tip jar',
    supporters,
    total,
    totalAmount: String(total * 1_000_000),
    currency: { id: 'pc_kdt', symbol: 'KDT', decimal: 6 },
    shares: [],
  };
}

const many = Array.from({ length: 12 }, (_, n) => supporter(n + 1));
const chipAvatars = (chip: HTMLElement) => chip.querySelectorAll('.MuiAvatarGroup-root > .MuiAvatar-root');

beforeEach(() => vi.stubGlobal('WebSocket', undefined));
afterEach(cleanUpKiosk);

describe('the donate widget', () => {
  it('shows ten supporters and how many there are; the list names each with what they gave', async () => {
    const named = supporter(1, { name: 'Grace Hopper', anonymous: false, amount: '5000000' });
    const calls = mockApi({ 'GET /api/donations': () => answer([named, ...many.slice(1)], 30) });
    renderKiosk(<DonateWidget target="kiosk-demo-tips" />);
    const chip = await screen.findByRole('button', { name: /30 supporters/ });
    expect(calls.calls('GET /api/donations')[0]!.url.searchParams.get('target')).toBe('kiosk-demo-tips');
    expect(screen.getByRole('button', { name: 'Donate' })).toBeTruthy();
    // Ten avatars and "+20" for the rest.
    expect(chipAvatars(chip)).toHaveLength(11);
    expect(chip.textContent).toContain('+20');

    fireEvent.click(chip);
    const list = await screen.findByRole('dialog', { name: 'Supporters' });
    expect(list.textContent).toContain('30 KDT given in total');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(12);
    expect(items[0]!.textContent).toContain('Grace Hopper');
    expect(items[0]!.textContent).toContain('5 KDT');
    // A donor who gave no name is shown by their wallet.
    expect(items[1]!.textContent).toContain('0x0000…0002');
  });

  it('shows five supporters on a phone, in Chinese', async () => {
    smallScreen();
    mockApi({ 'GET /api/donations': () => answer(many) });
    renderKiosk(<DonateWidget target="kiosk-demo-tips" />, { locale: 'zh' });
    const chip = await screen.findByRole('button', { name: /12 位支持者/ });
    expect(chipAvatars(chip)).toHaveLength(6);
    expect(chip.textContent).toContain('+7');
    expect(screen.getByRole('button', { name: '捐赠' })).toBeTruthy();
  });

  it('invites the first supporter, with the host’s own button text', async () => {
    mockApi({ 'GET /api/donations': () => answer([]) });
    renderKiosk(<DonateWidget target="kiosk-demo-tips" buttonText="Buy us a coffee" />);
    await screen.findByText('Be the first to support');
    expect(screen.getByRole('button', { name: 'Buy us a coffee' })).toBeTruthy();
  });

  it('renders nothing for a target that does not exist', async () => {
    const calls = mockApi({
      'GET /api/donations': () => jsonResponse({ code: 'NOT_FOUND', error: 'Not found' }, 404),
    });
    const { container } = renderKiosk(<DonateWidget target="nobody" />);
    expect(screen.getByRole('status', { name: 'Loading supporters' })).toBeTruthy();
    await waitFor(() => expect(calls.calls('GET /api/donations')).toHaveLength(1));
    await waitFor(() => expect(container.textContent).toBe(''));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('opens the donation form in a dialog; once paid it thanks, refreshes the supporters and closes itself', async () => {
    const paidSession = envelope({
      id: 'cs_test0000009',
      status: 'complete',
      payment_status: 'paid',
      submit_type: 'donate',
    });
    let supporters = [supporter(1)];
    const calls = mockApi({
      ...checkoutRoutes(),
      'GET /api/donations': () => answer(supporters),
      [`POST /api/checkout-sessions/start/${LINK}`]: () => paidSession,
      [`GET /api/checkout-sessions/retrieve/cs_test0000009`]: () => paidSession,
    });
    const onPaid = vi.fn();
    renderKiosk(<DonateWidget target="kiosk-demo-tips" autoCloseMs={1_500} onPaid={onPaid} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Donate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Support the Tip jar' });
    supporters = [supporter(2), supporter(1)];
    await within(dialog).findByText('Thank you for your support!');
    await within(dialog).findByText('This window closes in 2 s.');
    expect(onPaid).toHaveBeenCalledWith(expect.objectContaining({ id: 'cs_test0000009' }));
    await waitFor(() => expect(calls.calls('GET /api/donations')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3_000 });
    await screen.findByRole('button', { name: /2 supporters/ });
    expect(calls.calls(`POST /api/checkout-sessions/start/${LINK}`)).toHaveLength(1);
    // Opened again, it starts a new checkout.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Donate' })));
    await waitFor(() => expect(calls.calls(`POST /api/checkout-sessions/start/${LINK}`)).toHaveLength(2));
  });
});
