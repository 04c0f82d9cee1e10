import { categorySchema } from '@kiosk/contracts';
import { jsonColumn, jsonColumns } from '@kiosk/platform';
import type { Json, Stamped } from '../columns.ts';

/** The admins' list (managed in console/categories.ts); an app names at most one. */
export type CategoryRow = Stamped & {
  id: string;
  /** Letters, digits, spaces and '-' (seed 001 §5); unique whatever its case. */
  name: string;
  /** The name in other languages: `{ zh: '天气' }`; the UI falls back to `name`. */
  locales: Json;
};

export const categoryJson = jsonColumns('store_categories', {
  locales: jsonColumn(categorySchema.shape.locales, {}),
});
