import { startStripeEmulator } from './index.ts';

// `npm run emulator -w @kiosk/stripe-emulator -- [port]`: a local Stripe until Ctrl-C.

const port = Number(process.argv[2] ?? process.env.STRIPE_EMULATOR_PORT ?? 12111);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Not a port: ${process.argv[2]}`);
  process.exit(2);
}

const emulator = await startStripeEmulator({ port, host: process.env.STRIPE_EMULATOR_HOST ?? '127.0.0.1' });
console.log(`Stripe emulator at ${emulator.url}
  secret key       ${emulator.secretKey}   (any sk_test_… works)
  publishable key  ${emulator.publishableKey}   (any pk_test_… works)
  Stripe.js        ${emulator.jsUrl}
  SDK              new Stripe(key, { host: '${emulator.host}', port: ${emulator.port}, protocol: 'http' })
Test cards (any future expiry, any CVC):
  4242 4242 4242 4242  succeeds              4000 0027 6000 3184  asks for 3-D Secure
  4000 0000 0000 9995  insufficient funds    4000 0000 0000 0341  attaches, every charge fails
  4000 0000 0000 0002  declined              5555 5555 5555 4444  Mastercard, succeeds`);

const stop = () => void emulator.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
