import { defineConfig } from 'vite';
import { pageBuild } from './vite.config.ts';

const FORM = /[\\/]pages[\\/]checkout[\\/]HostedCheckout\.tsx$/;

/**
 * The hosted checkout's page (checkout.html), built after the store's (vite.config.ts) into dist/. It
 * draws its header, skeleton and cookie banner first and imports the form on demand (CheckoutApp.tsx).
 */
export default defineConfig(
  pageBuild({
    html: 'checkout.html',
    manifest: '.vite/checkout.manifest.json',
    emptyOutDir: false,
    groups: [
      // Whatever else the page loads at once stays in its first files, so the group below cannot pull
      // it in (a group takes its modules' dependencies along).
      { name: 'checkout-page', test: () => true, tags: ['$initial'] },
      // The form and everything it brings that the page has not loaded yet, in one file that arrives
      // beside the session's answer. Left to itself the bundler cuts it into a file per module a later
      // dialog shares (eight here, two dozen in a build with the store's screens), each waiting its
      // own round trip behind the browser's six connections.
      { name: 'checkout-form', test: (id) => FORM.test(id) },
    ],
  }),
);
