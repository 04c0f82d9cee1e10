import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PrimitiveValueListNode,
  type ValueNode,
} from 'kysely';
import { z } from 'zod';

/**
 * Helpers that hide the two engines' differences in how a value comes back.
 * Row schemas (zod) use them so a service sees the same shape on SQLite and PostgreSQL.
 */

/** SQLite answers 0/1 for a boolean column. */
export const dbBoolean = z.union([z.boolean(), z.number()]).transform((value) => Boolean(value));

/** JSON is stored as text on both engines (one code path, no jsonb-only queries). */
export function dbJson<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' ? JSON.parse(value) : value), schema);
}

/** A money column: numeric on PostgreSQL, text on SQLite; both read as a canonical decimal string. */
export const dbMoney = z.union([z.string(), z.number(), z.bigint()]).transform((value) => BigInt(value));

const toBit = (value: boolean) => (value ? 1 : 0);

/** better-sqlite3 cannot bind booleans: this turns them into 1/0 before a query reaches it. */
export class SqliteBooleanPlugin implements KyselyPlugin {
  private readonly transformer = new (class extends OperationNodeTransformer {
    protected override transformValue(node: ValueNode): ValueNode {
      return typeof node.value === 'boolean' ? { ...node, value: toBit(node.value) } : node;
    }
    protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
      return { ...node, values: node.values.map((v) => (typeof v === 'boolean' ? toBit(v) : v)) };
    }
  })();

  transformQuery(args: PluginTransformQueryArgs) {
    return this.transformer.transformNode(args.node);
  }

  async transformResult<R>(args: { result: R }): Promise<R> {
    return args.result;
  }
}
