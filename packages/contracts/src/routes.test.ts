import { describe, expect, it } from 'vitest';
import { ROUTE_TABLES, routes } from './routes.ts';

describe('the route table', () => {
  it('holds each route once: no two resource tables name the same route', () => {
    const keys = ROUTE_TABLES.flatMap((table) => Object.keys(table));
    const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(repeated).toEqual([]);
    expect(Object.keys(routes)).toHaveLength(keys.length);
  });

  it('names each route by the method and path it registers', () => {
    for (const [key, route] of Object.entries(routes)) {
      expect(`${route.method} ${route.path}`).toBe(key);
      expect(route.path).toMatch(/^\/api\//);
    }
  });
});
