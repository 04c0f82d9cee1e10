import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The folder of these files, found through the package rather than this module's own address: the
 * CLI bundles the emulator into one file elsewhere (apps/cli/dist), and the files stay here.
 */
const FOLDER = new URL(
  'src/stripe-js/',
  `file://${createRequire(import.meta.url).resolve('@kiosk/stripe-emulator/package.json')}`,
);

/**
 * The parts of the Stripe.js stand-in in the order they need each other; stripe-v3.js, last, defines
 * window.Stripe from the others. Each is a plain browser script of its own (small files, no build).
 */
const PARTS = ['card.js', 'card-form.js', 'elements.js', 'challenge.js', 'stripe-v3.js'];

/** The script the emulator serves at /v3/ (as text/javascript): the parts joined, read afresh each time. */
export function stripeJsSource(): string {
  return PARTS.map((part) => readFileSync(new URL(part, FOLDER), 'utf8')).join('\n');
}

/** The 3-D Secure challenge page the emulator serves at GET /_emulator/3ds/:id, before its substitutions. */
export function threeDSecureTemplate(): string {
  return readFileSync(new URL('three-d-secure.html', FOLDER), 'utf8');
}
