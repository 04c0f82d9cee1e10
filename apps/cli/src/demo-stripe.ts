import { startStripeEmulator, type StripeEmulator } from '@kiosk/stripe-emulator';
import type { Config } from '@kiosk/server';

/**
 * The demo's cards: a local Stripe emulator (docs/stripe-emulator.md) on KIOSK_DEMO_STRIPE_PORT,
 * which the server's Stripe SDK and the checkout's Stripe.js reach instead of Stripe. An operator who
 * set KIOSK_STRIPE_API_BASE (another emulator, or a proxy) keeps it and gets no emulator from here.
 */
export async function startDemoStripe(
  config: Config,
  print: (line: string) => void,
): Promise<StripeEmulator | undefined> {
  if (config.stripeApiBase) return undefined;
  try {
    const emulator = await startStripeEmulator({ port: config.demoStripePort });
    print(
      `demo Stripe emulator on ${emulator.url} (test cards only; Stripe.js stand-in at ${emulator.jsUrl})`,
    );
    return emulator;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(
        `kiosk: the demo Stripe emulator cannot listen on 127.0.0.1:${config.demoStripePort} (in use); set KIOSK_DEMO_STRIPE_PORT to a free port`,
      );
      process.exit(2);
    }
    throw error;
  }
}

/** The server pointed at the demo's emulator, unless the operator pointed it elsewhere. */
export function withDemoStripe(config: Config, emulator: StripeEmulator | undefined): Config {
  if (!emulator) return config;
  return { ...config, stripeApiBase: emulator.url, stripeJsUrl: emulator.jsUrl };
}
