import { KioskError } from '@kiosk/core';
import type { z } from 'zod';

type Fields = Record<string, unknown>;

/**
 * Something a page can ask a wallet to do through a connect session (docs/identity.md §2). Every action
 * proves who answered by SIWE; an action adds what else the wallet must see and send.
 */
export interface ConnectAction {
  /** The shape of the page's params; malformed ones are refused with 400 before `open` sees them. */
  params?: z.ZodType<Fields>;
  /** Checks the page's params when the session opens and answers those to store; a KioskError refuses. */
  open(params: Fields): Promise<Fields>;
  /**
   * What the wallet is asked to do, added to the signed request each time a wallet fetches it (e.g.
   * `{ payment: {…} }`), so it shows the state of that moment. Its keys must not be the protocol's own.
   */
  describe?(params: Fields): Promise<Fields>;
  /**
   * The shape of the fields the wallet's answer carries beside the SIWE ones (e.g. `tx_hash`). A
   * malformed answer is refused with 400 before its signature is looked at and leaves the session
   * answerable: it proves nothing about who sent it.
   */
  answer?: z.ZodType<Fields>;
  /**
   * What the answer needs from the outside world (a chain, say), asked once the signature proves
   * `did` and before anything is written: it runs outside any database transaction (it may read, not
   * write). Its answer is handed to `complete`. Throw a KioskError to refuse.
   */
  ask?(params: Fields, did: string, answer: Fields): Promise<unknown>;
  /**
   * The wallet answered with a valid SIWE signature proving `did`, and `answer` holds its action fields
   * (as the `answer` schema parsed them); `asked` is what `ask` answered. Runs in the request's
   * transaction before the session is marked succeeded, and must not reach outside the process; throw
   * a KioskError to refuse, and the session fails with that code.
   */
  complete?(params: Fields, did: string, answer: Fields, asked: unknown): Promise<void>;
}

const ACTION_NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** The connect actions a server knows: `login` built in, the rest registered by the modules that own them. */
export class ConnectActions {
  private readonly actions = new Map<string, ConnectAction>([['login', { open: async (params) => params }]]);

  register(name: string, action: ConnectAction): void {
    if (!ACTION_NAME.test(name))
      throw new Error(`connect action name ${JSON.stringify(name)} is not a path segment`);
    if (this.actions.has(name)) throw new Error(`connect action ${name} is registered twice`);
    this.actions.set(name, action);
  }

  /** The action a path names; an unknown one is a 404, like an unknown route. */
  get(name: string): ConnectAction {
    const action = this.actions.get(name);
    if (!action) throw new KioskError('CONNECT_ACTION_UNKNOWN', { status: 404, params: { action: name } });
    return action;
  }
}
