import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkoutRoutes,
  cleanUpKiosk,
  enabledButton,
  envelope,
  mockApi,
  sessionAnswer,
} from '../test-support/index.ts';
import { mountCheckout, type MountedCheckout } from './mount-checkout.tsx';

const LINK = 'plink_abc123456';
const START = `POST /api/checkout-sessions/start/${LINK}`;

let mounted: MountedCheckout | undefined;
beforeEach(() => vi.stubGlobal('WebSocket', undefined));
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  cleanUpKiosk();
});

describe('mountCheckout', () => {
  it("asks for the checkout as it mounts, draws the skeleton until the form's code is here, and starts the link once with the host's parameters", async () => {
    let release: () => void = () => {};
    const started = new Promise<ReturnType<typeof envelope>>(
      (resolve) => (release = () => resolve(envelope())),
    );
    const api = mockApi({
      ...checkoutRoutes(),
      'GET /api/session': () => sessionAnswer(false, true),
      [START]: () => started,
    });
    const element = document.body.appendChild(document.createElement('div'));

    mounted = mountCheckout(element, {
      id: LINK,
      authToken: 'at_buyer',
      baseUrl: window.location.origin,
      locale: 'en',
      extraParams: { livemode: 'false' },
    });
    // On its way before the form's code runs, with the host's parameters.
    expect(api.calls(START).map(({ url }) => url.searchParams.get('livemode'))).toEqual(['false']);
    expect(await screen.findByTestId('checkout-skeleton')).toBeTruthy();

    release();
    expect(await enabledButton('Pay 25 KDT')).toBeTruthy();
    // The form read the answer already asked for: the link started one session.
    await waitFor(() => expect(api.calls(START)).toHaveLength(1));
  });
});
