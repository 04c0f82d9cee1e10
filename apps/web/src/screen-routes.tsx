import { Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { ScreenLoading } from './components/ScreenLoading.tsx';

/** A screen whose code loads on its first visit, with the loading screen meanwhile. */
export function lazyScreen(path: string, screen: ReactNode): RouteObject {
  return { path, element: <Suspense fallback={<ScreenLoading />}>{screen}</Suspense> };
}

/** A frame around `children` (a section's navigation) whose code loads with the first of them. */
export function lazyFrame(frame: ReactNode, children: RouteObject[]): RouteObject {
  return { element: <Suspense fallback={<ScreenLoading />}>{frame}</Suspense>, children };
}
