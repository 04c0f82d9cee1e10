import { z } from 'zod';

/**
 * JSON columns are text on both engines. Each one is read and written through its schema, declared
 * once beside its table (`{resource}/table.ts`): a row that does not hold what the schema says is
 * corrupt or of a shape the code no longer knows, and reading it is a bug to see (a 500 naming the
 * column and what it expected), never a value cast to a type it does not have.
 */

/** A stored JSON value that is not what its column's schema expects. */
export class CorruptColumnError extends Error {
  override readonly name = 'CorruptColumnError';
}

/** How a column's issues read in an error: `interval: Invalid option: expected one of …`. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'the value'}: ${issue.message}`)
    .join('; ');
}

export class JsonColumn<S extends z.ZodType> {
  /** The empty value's text: each read of an empty column answers a new copy, so no caller shares one. */
  private readonly fallbackText: string;

  constructor(
    readonly schema: S,
    readonly fallback: z.output<S>,
    /** `table.column`, for errors (jsonColumns names it). */
    readonly name = 'a JSON column',
  ) {
    this.fallbackText = JSON.stringify(fallback);
  }

  /** The same column under `name`. */
  named(name: string): JsonColumn<S> {
    return new JsonColumn(this.schema, this.fallback, name);
  }

  /**
   * The stored value, checked: an empty column (null, '' or JSON `null`) is the fallback; anything
   * else that is not JSON or not what the schema expects throws CorruptColumnError.
   */
  read(text: string | null | undefined): z.output<S> {
    if (text === null || text === undefined || text === '') return this.empty();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new CorruptColumnError(`${this.name} is not JSON: ${(error as Error).message}`);
    }
    if (value === null) return this.empty();
    const parsed = this.schema.safeParse(value);
    if (!parsed.success)
      throw new CorruptColumnError(
        `${this.name} does not hold what it should: ${describeIssues(parsed.error)}`,
      );
    return parsed.data;
  }

  /** The text to store: checked against the schema first (a value it refuses is the writer's bug). */
  write(value: z.input<S>): string {
    const parsed = this.schema.safeParse(value);
    if (!parsed.success) throw new Error(`refusing to write ${this.name}: ${describeIssues(parsed.error)}`);
    return JSON.stringify(parsed.data);
  }

  private empty(): z.output<S> {
    return JSON.parse(this.fallbackText) as z.output<S>;
  }
}

/**
 * A JSON column that holds what `schema` describes; `fallback` is what an empty one reads as. Schemas
 * describe what the rows really hold, old rows included: a field some rows lack is optional.
 */
export function jsonColumn<S extends z.ZodType>(schema: S, fallback: z.output<S>): JsonColumn<S> {
  return new JsonColumn(schema, fallback);
}

/** A table's JSON columns, each named `table.column` in its errors. */
export function jsonColumns<C extends Record<string, JsonColumn<z.ZodType>>>(table: string, columns: C): C {
  return Object.fromEntries(
    Object.entries(columns).map(([column, json]) => [column, json.named(`${table}.${column}`)]),
  ) as C;
}
