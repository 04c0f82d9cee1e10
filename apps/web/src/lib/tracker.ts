/** Where page views and events go; analytics are not product behaviour (seed 000 §1), so none by default. */
export interface Tracker {
  pageView(path: string): void;
  event?(name: string, data?: Record<string, unknown>): void;
}

const noopTracker: Tracker = { pageView() {} };
let currentTracker: Tracker = noopTracker;

/** Installs a tracker; `null` goes back to the no-op one. */
export function setTracker(tracker: Tracker | null): void {
  currentTracker = tracker ?? noopTracker;
}

export function getTracker(): Tracker {
  return currentTracker;
}

export function trackEvent(name: string, data?: Record<string, unknown>): void {
  currentTracker.event?.(name, data);
}
