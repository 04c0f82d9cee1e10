import { useEffect } from 'react';
import { getTracker } from '../lib/tracker.ts';

// A sign-in token in the address must never reach an analytics service.
const PRIVATE_PARAMS = ['authToken'];

function trackedPath(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  PRIVATE_PARAMS.forEach((name) => params.delete(name));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Seed 001 §1: reports a page view whenever the page's address changes. */
export function usePageView(pathname: string, search: string): void {
  useEffect(() => {
    getTracker().pageView(trackedPath(pathname, search));
  }, [pathname, search]);
}
