import { useLocation } from 'react-router';
import { usePageView } from './use-page-view.ts';

/** Seed 001 §1: reports a page view on every route change. */
export function usePageViewTracker(): void {
  const { pathname, search } = useLocation();
  usePageView(pathname, search);
}
