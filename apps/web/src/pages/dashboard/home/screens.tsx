import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../../screen-routes.tsx';

const HomePage = lazy(() => import('./HomePage.tsx').then((module) => ({ default: module.HomePage })));

/** The dashboard's home section: its routes, each screen loading on its first visit. */
export const dashboardHomeScreens: RouteObject[] = [lazyScreen('/dashboard/home', <HomePage />)];
