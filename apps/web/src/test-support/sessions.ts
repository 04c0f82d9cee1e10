import type { SessionAnswer, SessionUser } from '../hooks/use-session.ts';
import type { Role } from '@kiosk/core';

export function userWithRoles(roles: Role[], overrides: Partial<SessionUser> = {}): SessionUser {
  const address = '0x5b38da6a701c568545dcfcb03fcb875f56beddc4';
  return {
    did: `did:pkh:eip155:1:${address}`,
    address,
    name: 'Ada Lovelace',
    avatar: null,
    passports: roles.map((role, index) => ({ id: `pp_${index}`, role, issued_at: 1_767_225_600 })),
    ...overrides,
  };
}

export function signedIn(user: SessionUser, testWallet = false): SessionAnswer {
  return { user, initialized: true, test_wallet: testWallet };
}

export function signedOut(testWallet = false): SessionAnswer {
  return { user: null, initialized: true, test_wallet: testWallet };
}
