import type { RouteObject } from 'react-router';

/** The dashboard's home section: its routes, each screen loading on its first visit. */
export const dashboardHomeScreens: RouteObject[] = [];
