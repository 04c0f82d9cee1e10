import type { RouteObject } from 'react-router';

/** The dashboard's subscriptions section: its routes, each screen loading on its first visit. */
export const dashboardSubscriptionsScreens: RouteObject[] = [];
