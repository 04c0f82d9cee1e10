import { drawnOnServer } from './drawn-on-server.ts';

/** True when the page runs in a frame; a cross-origin parent that denies access counts as a frame too. */
export function isInsideIframe(): boolean {
  // Drawn on the server, the page is not yet in any frame.
  if (drawnOnServer()) return false;
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}
