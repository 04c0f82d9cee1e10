// A shop on its own origin that embeds Kiosk's checkout. Its back end keeps the secret API key: it
// asks Kiosk for a short-lived authToken naming the buyer, and hands only that to the page (and a
// fresh one whenever the page says Kiosk refused the last, which lives 15 minutes).
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
}) {
  if (!apiKey || !paymentLink) throw new Error('KIOSK_API_KEY and KIOSK_PAYMENT_LINK are required');
  const page = readFile(new URL('./index.html', import.meta.url), 'utf8');
  // A real shop names the buyer from its own sign-in here; the demo has one buyer.
  const mintAuthToken = async () => {
    const minted = await fetch(`${kioskUrl}/api/auth-tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ customer_did: customerDid }),
    });
    if (!minted.ok) throw new Error(`Kiosk refused the authToken: ${minted.status} ${await minted.text()}`);
    return (await minted.json()).token;
  };
  const json = (response, body) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = createServer(async (request, response) => {
    const url = new URL(request.url, 'http://shop');
    try {
      if (url.pathname === '/') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(await page);
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
