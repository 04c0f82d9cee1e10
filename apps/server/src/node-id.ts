import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomToken } from '@kiosk/core';
import type { Engine } from '@kiosk/db';
import type { Config } from './config.ts';

/** Where a SQLite server keeps its node id, beside its database. */
export const NODE_ID_FILE = 'node-id';

/**
 * The job runner's node id, the same across restarts, so that a restarted server frees at once the
 * jobs it was running when it went down (packages/db/src/jobs.ts). KIOSK_NODE_ID if set; on SQLite,
 * whose data dir belongs to one process, one kept in the data dir; on PostgreSQL, where processes may
 * share a data dir, none unless each is given its own.
 */
export function jobNodeId(config: Pick<Config, 'nodeId' | 'dataDir'>, engine: Engine): string | undefined {
  if (config.nodeId) return config.nodeId;
  if (engine !== 'sqlite') return undefined;
  const file = join(config.dataDir, NODE_ID_FILE);
  try {
    writeFileSync(file, `node_${randomToken(12)}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
