import type { Category } from '@kiosk/contracts';
import { fromUnix } from '@kiosk/core';
import type { AppSort } from './use-store-apps.ts';

/** `/apps/did:abt:z1…`: a DID's colons are fine in a path, so the address stays readable. */
export function appPath(did: string, version?: string): string {
  const segment = (text: string) => encodeURIComponent(text).replace(/%3A/gi, ':');
  return version ? `/apps/${segment(did)}/${segment(version)}` : `/apps/${segment(did)}`;
}

export function categoryPath(name: string): string {
  return `/category/${encodeURIComponent(name)}`;
}

/** A category in the visitor's language, its name where the admins gave none. */
export function categoryLabel(category: Pick<Category, 'name' | 'locales'>, language: string): string {
  const base = language.split(/[-_]/)[0] ?? language;
  return category.locales[base] ?? category.name;
}

/** Sizes the way file managers show them: binary units, one decimal place (as the bundle checks word them). */
export function formatBytes(bytes: number, language: string): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);
  return `${number} ${units[unit]}`;
}

export function formatDate(seconds: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(fromUnix(seconds));
}

export function formatCount(count: number, language: string): string {
  return new Intl.NumberFormat(language).format(count);
}

/**
 * Each sort with its label; a `Record` so that a sort added to the contract fails to compile here
 * until it has a label (the list is not imported: contracts' values would bring zod into the page).
 */
export const SORT_LABEL_KEYS: Record<AppSort, string> = {
  relevance: 'storeFront.sort.relevance',
  downloads: 'storeFront.sort.downloads',
  newest: 'storeFront.sort.newest',
  name: 'storeFront.sort.name',
};
export const APP_SORT_OPTIONS = Object.keys(SORT_LABEL_KEYS) as AppSort[];

export function isAppSort(value: string | null): value is AppSort {
  return value !== null && Object.hasOwn(SORT_LABEL_KEYS, value);
}

/** A page number from the address: anything but a whole number from 1 up is the first page. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
