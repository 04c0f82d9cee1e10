import type { RouteObject } from 'react-router';

/** The dashboard's customers section: its routes, each screen loading on its first visit. */
export const dashboardCustomersScreens: RouteObject[] = [];
