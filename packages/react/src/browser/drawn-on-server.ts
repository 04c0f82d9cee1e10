/**
 * True while a component is drawn on the server (the hosted checkout's first view, apps/web's
 * checkout-server.tsx): no page, storage or event handler exists yet, so controls wait for the scripts.
 */
export function drawnOnServer(): boolean {
  return typeof window === 'undefined';
}
