/**
 * A state machine is a table of allowed transitions, nothing more: which statuses a resource may be
 * created in and which status may follow which. Every status write in Kiosk goes through one
 * `transition` (packages/platform) that consults this table and writes the change's event with it.
 */
export interface StateMachine<S extends string> {
  /** The object type it governs, as events name it (`payment_intent`, `checkout.session` …). */
  readonly resource: string;
  readonly states: readonly S[];
  /** The statuses a new object may start in. */
  readonly initial: readonly S[];
  /** For each status, the statuses that may follow it; a status with none is final. */
  readonly transitions: Readonly<Record<S, readonly S[]>>;
}

export interface Machine<S extends string> extends StateMachine<S> {
  /** True when `to` may follow `from`. */
  allows(from: S, to: S): boolean;
  isFinal(status: S): boolean;
  /** True for a known status of this machine (statuses come back from the database as text). */
  isState(status: string): status is S;
}

export function defineMachine<const S extends string>(table: StateMachine<S>): Machine<S> {
  for (const [from, targets] of Object.entries(table.transitions) as [S, readonly S[]][]) {
    for (const to of [from, ...targets])
      if (!table.states.includes(to)) throw new Error(`${table.resource}: unknown status ${to}`);
  }
  return {
    ...table,
    allows: (from, to) => table.transitions[from].includes(to),
    isFinal: (status) => table.transitions[status].length === 0,
    isState: (status): status is S => (table.states as readonly string[]).includes(status),
  };
}
