import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { createTheme } from '@mui/material/styles';
import { renderToStringAsync } from 'preact-render-to-string';
import { firstLoadEn } from '@kiosk/core/i18n/first-load.en';
import { firstLoadZh } from '@kiosk/core/i18n/first-load.zh';
import { createKioskI18nWith } from '@kiosk/react';
import { createKioskClient } from '@kiosk/sdk';
import { AppProviders } from './AppProviders.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { CheckoutApp } from './pages/checkout/CheckoutApp.tsx';
import { HostedCheckout } from './pages/checkout/HostedCheckout.tsx';
import { theme } from './theme.ts';
import {
  checkoutStateElement,
  seedCheckoutState,
  type CheckoutServerState,
} from './pages/checkout/server-state.ts';

/*
 * The hosted checkout drawn on the server (built by vite.checkout-server.config.ts into
 * dist/.ssr/, which the server loads): the page's HTML carries the order as the buyer will see it,
 * so that a phone on a slow network paints it before the scripts arrive. The scripts then take over
 * the same DOM (checkout-main.tsx) from the same answers, which travel in the page.
 */

const MESSAGES = { en: firstLoadEn, zh: firstLoadZh } as const;

/** The width a page is drawn for, as the browser names its kind (the usual phone, or a desktop). */
const DRAWN_WIDTH_PX = { phone: 390, desktop: 1280 } as const;

/**
 * The app's theme with its media queries answered for `width` (`(max-width:899.95px)` and the like,
 * as MUI's breakpoints write them), so that a phone gets the phone's layout from the server.
 */
function themeDrawnAt(width: number) {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, bound, px]) =>
      bound === 'min' ? width >= Number(px) : width <= Number(px),
    );
  return createTheme(theme, {
    components: {
      MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: (query: string) => ({ matches: matches(query) }) } },
    },
  });
}
const THEMES = { phone: themeDrawnAt(DRAWN_WIDTH_PX.phone), desktop: themeDrawnAt(DRAWN_WIDTH_PX.desktop) };

export interface CheckoutPage {
  /** The checkout's markup, for the page's #root. */
  html: string;
  /** The styles that markup uses, as Emotion's `<style data-emotion>` elements for the head. */
  head: string;
  /** The answers it was drawn from, as a JSON data block for the body. */
  state: string;
}

export interface CheckoutRender {
  state: CheckoutServerState;
  /** The address's query (`?mode=…`). */
  search: string;
  /** The request's Cookie header: the cookie banner shows only to a visitor who has not answered. */
  cookies: string;
  /** The browser says it is a phone's (Sec-CH-UA-Mobile, or its User-Agent). */
  phone: boolean;
  /** The server's public address: the page's links name it. */
  origin: string;
}

export async function renderCheckoutPage({
  state,
  search,
  cookies,
  phone,
  origin,
}: CheckoutRender): Promise<CheckoutPage> {
  const queryClient = createQueryClient();
  seedCheckoutState(queryClient, state);
  const i18n = createKioskI18nWith(state.locale, { [state.locale]: MESSAGES[state.locale] });
  // One cache per page: `compat` keeps the styles out of the markup, to be sent in the head instead.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = await renderToStringAsync(
    <CacheProvider value={cache}>
      <AppProviders
        i18n={i18n}
        queryClient={queryClient}
        theme={THEMES[phone ? 'phone' : 'desktop']}
        client={createKioskClient({ baseUrl: origin })}
      >
        <CheckoutApp id={state.id} search={search} cookies={cookies} form={HostedCheckout} />
      </AppProviders>
    </CacheProvider>,
  );
  queryClient.clear();
  // The styles the markup uses: a class no element has (a state the page left while it was drawn) is
  // left for the page's own Emotion to add if it ever needs it. Global styles name no class.
  const names = Object.keys(cache.inserted).filter((name) => {
    const rules = cache.inserted[name];
    return typeof rules === 'string' && (!rules.startsWith(`.css-${name}`) || html.includes(`css-${name}`));
  });
  const styles = names.map((name) => cache.inserted[name]).join('');
  // Named as Emotion names its own server styles: the page's Emotion adopts them instead of adding them again.
  const head = `<style data-emotion="css ${names.join(' ')}">${styles}</style>`;
  return { html, head, state: checkoutStateElement(state) };
}
