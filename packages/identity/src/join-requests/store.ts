import type { Platform } from '@kiosk/platform';
import type { JoinRequestEvent } from '../events.ts';
import { identityStore, type IdentityStore } from '../store.ts';
import type { IdentityTables, JoinRequestStatus } from '../tables.ts';
import { joinRequestMachine } from './join-request-machine.ts';

/** Identity's store, with requests to join as a developer as a resource of their own. */
export interface JoinRequestStore extends IdentityStore {
  joinRequests: ReturnType<typeof joinRequestResource>;
}

export function joinRequestStore(platform: Platform): JoinRequestStore {
  return { ...identityStore(platform), joinRequests: joinRequestResource(platform) };
}

function joinRequestResource(platform: Platform) {
  return platform.stateful<IdentityTables['developer_join_requests'], JoinRequestStatus, JoinRequestEvent>({
    table: 'developer_join_requests',
    objectType: 'join_request',
    machine: joinRequestMachine,
    snapshot: (request) => ({ ...request, object: 'join_request' }),
    // Roles belong to the instance, not to test or live data.
    livemode: () => true,
  });
}
