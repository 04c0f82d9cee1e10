/** "January 8, 2031", "2031年1月8日": a day (unix seconds) as the page's language writes it. */
export function formatDay(unixSeconds: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(unixSeconds * 1000);
}
