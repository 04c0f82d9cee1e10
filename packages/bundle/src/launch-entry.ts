/**
 * The page a launched web app opens (issue 24 item 4): kiosk.json's `main` when it is a page, else
 * `index.html`. A bundle without that file is no web app to open; it is downloaded instead.
 */
export function launchEntryOf(metadata: unknown): string {
  const fields = (typeof metadata === 'string' ? JSON.parse(metadata) : metadata) as {
    main?: unknown;
  } | null;
  return typeof fields?.main === 'string' && /\.html?$/i.test(fields.main) ? fields.main : 'index.html';
}
