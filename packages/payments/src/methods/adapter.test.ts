import { openDatabase, OutsideIoInTransactionError, transaction } from '@kiosk/db';
import { createTestDatabase, testEngines } from '@kiosk/db/testing';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MethodRegistry, type PaymentMethodAdapter } from './adapter.ts';

/** A rail whose every call is counted: what reaches it is what the registry let through. */
function countingAdapter(calls: string[]): PaymentMethodAdapter<unknown> {
  return {
    types: ['counting'],
    capabilities: { recurring: false, collect: false, refund: false },
    settings: z.unknown(),
    publicSettings: () => ({}),
    instructions: () => ({}) as never,
    reference: z.string(),
    network: () => 'counting',
    async verify() {
      calls.push('verify');
      return { outcome: 'pending', reason: 'NOT_FOUND' };
    },
  };
}

describe.each(await testEngines())('method adapters on %s', (engine) => {
  it('refuse to reach their rail inside a database transaction, and do outside one', async () => {
    const test = await createTestDatabase(engine);
    const database = openDatabase({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    try {
      const calls: string[] = [];
      const registry = new MethodRegistry();
      registry.register(countingAdapter(calls));
      const adapter = registry.for('counting');
      const verify = () =>
        adapter.verify({} as never, {} as never, {
          reference: 'x',
          payerDid: 'did:x',
          paymentKey: 'pi_x',
        });

      await expect(verify()).resolves.toMatchObject({ outcome: 'pending' });
      await expect(
        transaction(database.db, async (trx) => {
          await sql`select 1`.execute(trx);
          return verify();
        }),
      ).rejects.toBeInstanceOf(OutsideIoInTransactionError);
      // The refused call never reached the rail; the capabilities and settings are the adapter's own.
      expect(calls).toEqual(['verify']);
      expect(adapter.capabilities).toEqual({ recurring: false, collect: false, refund: false });
    } finally {
      await database.close();
      await test.dispose();
    }
  });
});
