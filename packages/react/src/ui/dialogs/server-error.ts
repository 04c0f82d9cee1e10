import { ApiError } from '@kiosk/sdk';

/** What a dialog shows of a failed request: messages on their fields, the rest in one alert. */
export interface ServerProblems<Name extends string = string> {
  fields: { name: Name; message: string }[];
  /** For the alert; null when every message found its field. */
  alert: string | null;
}

/**
 * The text of whatever an action threw: the server's own message (an ApiError's is in the visitor's
 * language), else the error's, else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * A refusal split for a form (docs/architecture.md: `details: [{ path, message }]`): a 4xx answer's
 * details go on the fields `fieldOf` names for their paths; details without a field, or an answer
 * without details, make the alert.
 */
export function serverProblems<Name extends string>(
  error: unknown,
  fieldOf: (path: string) => Name | undefined,
  fallback: string,
): ServerProblems<Name> {
  const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
  if (!clientError || error.details.length === 0) return { fields: [], alert: errorMessage(error, fallback) };
  const fields: ServerProblems<Name>['fields'] = [];
  const rest: string[] = [];
  for (const detail of error.details) {
    const name = fieldOf(detail.path);
    if (name === undefined) rest.push(detail.message);
    else fields.push({ name, message: detail.message });
  }
  return { fields, alert: rest.length > 0 ? rest.join('\n') : null };
}
