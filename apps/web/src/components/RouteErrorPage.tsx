import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '@kiosk/sdk';
import { reportRenderError } from '../lib/error-reporting.ts';
import { PageMessage, type PageMessageStatus } from './PageMessage.tsx';

function pageStatusOf(error: unknown): PageMessageStatus {
  const status = isRouteErrorResponse(error) ? error.status : error instanceof ApiError ? error.status : 500;
  if (status === 400 || status === 404) return status;
  // Protected screens only render with a user, so a 401 here is a session that ended mid-visit: a missing right.
  if (status === 401 || status === 403) return 403;
  return 500;
}

/**
 * The router's errorElement: a thrown 4xx shows its page message, anything else the 500 one. A failure
 * of the app is reported (once: the root's handler may have reported it already with its component
 * stack); the router's own answers and API errors are not.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportRenderError(error);
  }, [error]);
  return <PageMessage status={pageStatusOf(error)} />;
}
