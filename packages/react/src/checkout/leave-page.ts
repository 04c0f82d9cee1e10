/** Sends the browser to another address (its own module so tests can watch it). */
export function leavePage(url: string): void {
  window.location.assign(url);
}
