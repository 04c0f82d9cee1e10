// A host app on another origin opens Kiosk pages with ?authToken=…; the token must outlive in-app
// navigation (which drops the query) but not the tab, hence sessionStorage.
const STORAGE_KEY = 'authToken';
const QUERY_PARAM = 'authToken';

export function getAuthToken(search: string = window.location.search): string | undefined {
  const fromUrl = new URLSearchParams(search).get(QUERY_PARAM);
  try {
    if (fromUrl) {
      window.sessionStorage.setItem(STORAGE_KEY, fromUrl);
      return fromUrl;
    }
    return window.sessionStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return fromUrl ?? undefined;
  }
}
