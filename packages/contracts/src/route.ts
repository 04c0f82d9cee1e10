import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A route's wire: what its path, query and body take and what each status answers. */
export interface RouteSchema {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: Partial<Record<number, z.ZodType>>;
}

/** `'PUT /api/checkout-sessions/:id/submit'`: the method and the path, as the server registers it. */
export type RouteKey = `${HttpMethod} /api/${string}`;

export interface Route<Key extends RouteKey = RouteKey, Schema extends RouteSchema = RouteSchema> {
  key: Key;
  method: Key extends `${infer Method extends HttpMethod} ${string}` ? Method : never;
  path: Key extends `${HttpMethod} ${infer Path}` ? Path : never;
  schema: Schema;
}

/**
 * Names each route by its method and path once: the server registers `route.path` with
 * `route.schema`, the OpenAPI document is drawn from the same schema, and the SDK's types are
 * read from the table's type (never its values, so no zod reaches a browser bundle).
 */
export function defineRoutes<const Table extends Record<RouteKey, RouteSchema>>(
  table: Table,
): { [Key in keyof Table & RouteKey]: Route<Key, Table[Key]> } {
  return Object.fromEntries(
    Object.entries(table).map(([key, schema]) => {
      const [method, path] = key.split(' ');
      return [key, { key, method, path, schema }];
    }),
  ) as never;
}
