/**
 * The web app runs on Preact's React-compatible layer instead of react-dom: the same components and
 * libraries, about 57 KB gzip less on every page's first load (react-dom alone is 60 KB), which on a
 * phone's slow network is the difference between a checkout drawn in 1.5 s and in 2 s. The web
 * app's tests run on it too, so they test what ships. Host apps that bring their own React keep it:
 * the kit (@kiosk/react) and the React-peer embed build use whatever React the host has.
 */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // React 18's shim, which react-i18next still imports: Preact has the hook itself.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];
