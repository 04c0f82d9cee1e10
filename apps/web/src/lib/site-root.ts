/**
 * Seed 001 §2: on logout the browser goes to the site root. A full load, not a router navigation, so
 * nothing of the signed-in user stays in memory.
 */
export function goToSiteRoot(): void {
  window.location.assign('/');
}
