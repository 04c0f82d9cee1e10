/** True when the page runs in a frame; a cross-origin parent that denies access counts as a frame too. */
export function isInsideIframe(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}
