// A shop on its own origin that embeds Kiosk's checkout and its donate widget. Its back end keeps the
// secret API key: it asks Kiosk for a short-lived authToken naming the buyer, and hands only that to
// the page (and a fresh one whenever the page says Kiosk refused the last, which lives 15 minutes).
// For /support it makes (or brings up to date) the shop's donation, which anyone may give to.
//
//   KIOSK_API_KEY=sk_test_… KIOSK_PAYMENT_LINK=plink_… node examples/embed-checkout/server.mjs
//
// Kiosk must let this origin in: KIOSK_CORS_ORIGINS=http://127.0.0.1:4000 (see the README).
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

/** A test-mnemonic account, so the demo's test wallet can pay for this buyer. */
const DEMO_BUYER_DID = 'did:pkh:eip155:1:0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

export function startShop({
  port = 4000,
  kioskUrl = 'http://127.0.0.1:3000',
  apiKey,
  paymentLink,
  customerDid = DEMO_BUYER_DID,
  locale = 'en',
  donationTarget = 'poster-shop',
  donationCurrency = 'KDT',
}) {
  if (!apiKey || !paymentLink) throw new Error('KIOSK_API_KEY and KIOSK_PAYMENT_LINK are required');
  const file = (name) => readFile(new URL(name, import.meta.url), 'utf8');
  const pages = { '/': file('./index.html'), '/support': file('./support.html') };
  const style = file('./shop.css');
  const kiosk = async (path, init = {}) => {
    const answer = await fetch(`${kioskUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    });
    if (!answer.ok) throw new Error(`Kiosk refused ${path}: ${answer.status} ${await answer.text()}`);
    return answer.json();
  };
  // A real shop names the buyer from its own sign-in here; the demo has one buyer.
  const mintAuthToken = async () =>
    (await kiosk('/api/auth-tokens', { method: 'POST', body: JSON.stringify({ customer_did: customerDid }) }))
      .token;
  // Made (or brought up to date) once per start of the shop, when the support page is first asked for.
  const makeDonation = async () => {
    const methods = await kiosk('/api/payment-methods');
    const currency = methods.list
      .flatMap((method) => method.payment_currencies)
      .find((candidate) => candidate.symbol === donationCurrency);
    if (!currency) throw new Error(`No payment currency ${donationCurrency}`);
    const unit = 10n ** BigInt(currency.decimal);
    const units = (whole) => String(BigInt(whole) * unit);
    return kiosk('/api/donations', {
      method: 'POST',
      body: JSON.stringify({
        target: donationTarget,
        title: 'the poster shop',
        currency_id: currency.id,
        // Seed 001 §9's default donation: 1, 5 or 10, from 0.01 up to 100.
        amount: {
          presets: [units(1), units(5), units(10)],
          preset: units(1),
          minimum: String(unit / 100n),
          maximum: units(100),
        },
      }),
    });
  };
  let donation;
  const ensureDonation = () =>
    (donation ??= makeDonation().catch((error) => {
      donation = undefined;
      throw error;
    }));
  const json = (response, body) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = createServer(async (request, response) => {
    const url = new URL(request.url, 'http://shop');
    try {
      if (url.pathname in pages) {
        response
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(await pages[url.pathname]);
      } else if (url.pathname === '/shop.css') {
        response.writeHead(200, { 'content-type': 'text/css; charset=utf-8' }).end(await style);
      } else if (url.pathname === '/donation-config') {
        const link = await ensureDonation();
        json(response, {
          kioskUrl,
          target: donationTarget,
          livemode: link.livemode,
          locale: url.searchParams.get('locale') ?? locale,
        });
      } else if (url.pathname === '/checkout-config') {
        json(response, {
          kioskUrl,
          authToken: await mintAuthToken(),
          paymentLink,
          locale: url.searchParams.get('locale') ?? locale,
        });
      } else if (url.pathname === '/auth-token' && request.method === 'POST') {
        // The page asks when Kiosk refused its token; POST, so no cache keeps an old one.
        json(response, { authToken: await mintAuthToken() });
      } else {
        response.writeHead(404).end('not found');
      }
    } catch (error) {
      response.writeHead(502, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}`, server }),
    ),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { url } = await startShop({
    port: Number(process.env.PORT ?? 4000),
    kioskUrl: process.env.KIOSK_URL ?? 'http://127.0.0.1:3000',
    apiKey: process.env.KIOSK_API_KEY,
    paymentLink: process.env.KIOSK_PAYMENT_LINK,
    customerDid: process.env.CUSTOMER_DID ?? DEMO_BUYER_DID,
  });
  console.log(`shop on ${url}`);
}
