import type { Machine } from '@kiosk/core';
import { singleWrite, type AnyKysely } from '@kiosk/db';
import type { Clock } from './clock.ts';
import type { SnapshotOf } from './events/catalogue.ts';
import type { EventOutbox } from './events/outbox.ts';

/**
 * A module's resource as the platform writes it: its table, the snapshot its events carry and the
 * realtime topics they reach. Creating a row, changing a status, deleting it and recording any other
 * change each write the event in the same transaction as the change. `E` is the names of the events
 * it may record, from its module's catalogue (events/catalogue.ts).
 */
export interface ResourceDefinition<Row extends BaseRow, E extends string = string> {
  table: string;
  /** As events name it: `checkout.session`, `payment_intent`, `customer` … */
  objectType: string;
  /** The object as webhooks and the event log see it: what the catalogue says its events carry. */
  snapshot(row: Row): SnapshotOf<E>;
  topics?(row: Row): string[];
  /** Its events' mode when the row has no `livemode` (instance-wide objects: live). */
  livemode?(row: Row): boolean;
}

export interface BaseRow {
  id: string;
  livemode?: number | boolean;
}

export interface StatefulDefinition<
  Row extends StatefulRow<S>,
  S extends string,
  E extends string = string,
> extends ResourceDefinition<Row, E> {
  machine: Machine<S>;
}

export interface StatefulRow<S extends string> extends BaseRow {
  status: S;
}

/** A status change that was asked for but is not in the machine's table: a bug, never a user error. */
export class IllegalTransitionError extends Error {
  constructor(resource: string, from: string, to: string) {
    super(`${resource}: ${from} → ${to} is not an allowed transition`);
    this.name = 'IllegalTransitionError';
  }
}

export class Resource<Row extends BaseRow, E extends string = string> {
  constructor(
    readonly definition: ResourceDefinition<Row, E>,
    protected readonly outbox: EventOutbox,
    protected readonly clock: Clock,
  ) {}

  /** Records `type` for the row as it stands. */
  async record(executor: AnyKysely, row: Row, type: E): Promise<void> {
    await this.outbox.record(executor, {
      type,
      livemode: this.definition.livemode?.(row) ?? Boolean(row.livemode),
      objectType: this.definition.objectType,
      objectId: row.id,
      data: this.definition.snapshot(row),
      topics: this.definition.topics?.(row),
    });
  }

  /** Inserts the row and records `type` (`….created`), in one transaction. */
  async insert(executor: AnyKysely, row: Row, type: E): Promise<Row> {
    return (await this.insertMany(executor, [row], type))[0]!;
  }

  /**
   * Inserts rows of the same columns, as few statements as the engine takes (a batch of a billing run
   * is one), and records `type` for each; answers them in the order given.
   */
  async insertMany(executor: AnyKysely, rows: Row[], type: E): Promise<Row[]> {
    if (rows.length === 0) return [];
    // SQLite takes at most 32 766 parameters a statement.
    const perStatement = Math.max(1, Math.floor(30_000 / Object.keys(rows[0]!).length));
    return singleWrite(executor, async (trx) => {
      const inserted = new Map<string, Row>();
      for (let start = 0; start < rows.length; start += perStatement) {
        const written = (await trx
          .insertInto(this.definition.table)
          .values(rows.slice(start, start + perStatement))
          .returningAll()
          .execute()) as Row[];
        for (const row of written) inserted.set(row.id, row);
      }
      const answer = rows.map((row) => inserted.get(row.id)!);
      for (const row of answer) await this.record(trx, row, type);
      return answer;
    });
  }

  /** Updates fields other than the status and records `type`; answers the row, or undefined if none. */
  async update(executor: AnyKysely, id: string, set: Partial<Row>, type: E): Promise<Row | undefined> {
    return singleWrite(executor, async (trx) => {
      const row = (await trx
        .updateTable(this.definition.table)
        .set({ ...set, updated_at: this.clock.nowUnix() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()) as Row | undefined;
      if (row) await this.record(trx, row, type);
      return row;
    });
  }

  /**
   * Deletes the row and records `type` (`….deleted`) with its last snapshot, in one transaction;
   * answers the row as it was, or undefined if there was none (and then records nothing).
   */
  async delete(executor: AnyKysely, id: string, type: E): Promise<Row | undefined> {
    return singleWrite(executor, async (trx) => {
      const row = (await trx
        .deleteFrom(this.definition.table)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()) as Row | undefined;
      if (row) await this.record(trx, row, type);
      return row;
    });
  }
}

export class StatefulResource<
  Row extends StatefulRow<S>,
  S extends string,
  E extends string = string,
> extends Resource<Row, E> {
  constructor(
    override readonly definition: StatefulDefinition<Row, S, E>,
    outbox: EventOutbox,
    clock: Clock,
  ) {
    super(definition, outbox, clock);
  }

  override async insertMany(executor: AnyKysely, rows: Row[], type: E): Promise<Row[]> {
    for (const row of rows)
      if (!this.definition.machine.initial.includes(row.status))
        throw new IllegalTransitionError(this.definition.objectType, '(new)', row.status);
    return super.insertMany(executor, rows, type);
  }

  /**
   * Changes fields other than the status and records `type` — only while the row is in one of
   * `onlyIn` when given (compare-and-set, as a transition). Answers the row, or undefined.
   */
  override async update(
    executor: AnyKysely,
    id: string,
    set: Partial<Row>,
    type: E,
    onlyIn?: readonly S[],
  ): Promise<Row | undefined> {
    if ('status' in set)
      throw new Error(`${this.definition.objectType}: a status changes only by transition`);
    if (!onlyIn) return super.update(executor, id, set, type);
    return singleWrite(executor, async (trx) => {
      const row = (await trx
        .updateTable(this.definition.table)
        .set({ ...set, updated_at: this.clock.nowUnix() })
        .where('id', '=', id)
        .where('status', 'in', onlyIn)
        .returningAll()
        .executeTakeFirst()) as Row | undefined;
      if (row) await this.record(trx, row, type);
      return row;
    });
  }

  /**
   * Moves the row from one of `from` to `to`, with `set` written alongside, and records `event` — only
   * if the row is in one of `from` right now (compare-and-set, so of two racing writers one wins).
   * Answers the changed row, or undefined when the row is elsewhere (the caller says why to its
   * caller). Asking for a move the machine does not allow throws.
   */
  async transition(
    executor: AnyKysely,
    id: string,
    from: S | readonly S[],
    to: S,
    event: { type: E; set?: Partial<Row> },
  ): Promise<Row | undefined> {
    return (await this.transitionMany(executor, [id], from, to, event))[0];
  }

  /**
   * transition of several rows with the same `set`, in one statement: answers the rows that moved, in
   * the order of `ids` (each once).
   */
  async transitionMany(
    executor: AnyKysely,
    ids: readonly string[],
    from: S | readonly S[],
    to: S,
    event: { type: E; set?: Partial<Row> },
  ): Promise<Row[]> {
    const sources = typeof from === 'string' ? [from] : from;
    for (const source of sources)
      if (!this.definition.machine.allows(source, to))
        throw new IllegalTransitionError(this.definition.objectType, source, to);
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    return singleWrite(executor, async (trx) => {
      const moved = new Map<string, Row>();
      // SQLite takes at most 32 766 parameters a statement.
      for (let start = 0; start < unique.length; start += 10_000) {
        const rows = (await trx
          .updateTable(this.definition.table)
          .set({ ...event.set, status: to, updated_at: this.clock.nowUnix() })
          .where('id', 'in', unique.slice(start, start + 10_000))
          .where('status', 'in', sources)
          .returningAll()
          .execute()) as Row[];
        for (const row of rows) moved.set(row.id, row);
      }
      const answer = unique.flatMap((id) => moved.get(id) ?? []);
      for (const row of answer) await this.record(trx, row, event.type);
      return answer;
    });
  }
}
