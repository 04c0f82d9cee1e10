import type { Routes } from '@kiosk/contracts';
import type { z } from 'zod';

/** `'PUT /api/checkout-sessions/:id/submit'` and every other route the SDK knows. */
export type RouteName = keyof Routes;
type SchemaOf<Name extends RouteName> = Routes[Name]['schema'];

type ParamsPart<S> = S extends { params: infer P extends z.ZodType }
  ? { params: z.input<P> }
  : { params?: undefined };

type QueryValue = string | number | boolean | undefined;
/** Seed 000 §7: language, mode and authToken go with any call (the client adds them itself too). */
type CommonQuery = { locale?: string; livemode?: QueryValue; authToken?: string };

/** Query values go on the address as text: the contract's names, any printable value. */
type QueryPart<S> = S extends { querystring: infer Q extends z.ZodType }
  ? { query?: { [Name in keyof z.input<Q>]?: QueryValue } & CommonQuery }
  : { query?: CommonQuery };

type BodyPart<S> = S extends { body: infer B extends z.ZodType }
  ? undefined extends z.input<B>
    ? { body?: z.input<B> }
    : { body: z.input<B> }
  : { body?: undefined };

/** What a call of `Name` takes: its path parameters, query and body, as the contract spells them. */
export type CallInput<Name extends RouteName> = ParamsPart<SchemaOf<Name>> &
  QueryPart<SchemaOf<Name>> &
  BodyPart<SchemaOf<Name>> & { signal?: AbortSignal };

/** A call's arguments: the input may be left out when nothing in it is required. */
export type CallArgs<Name extends RouteName> = OptionalWhenEmpty<CallInput<Name>>;

/** What `prepare` takes: a call's path parameters and query; the caller sends the body itself. */
export type PrepareInput<Name extends RouteName> = Omit<CallInput<Name>, 'body' | 'signal'>;
export type PrepareArgs<Name extends RouteName> = OptionalWhenEmpty<PrepareInput<Name>>;

type OptionalWhenEmpty<Input> = [RequiredKeys<Input>] extends [never] ? [input?: Input] : [input: Input];
type RequiredKeys<T> = { [Key in keyof T]-?: undefined extends T[Key] ? never : Key }[keyof T];

/** What a call of `Name` answers: the contract's success body (nothing for a 204). */
export type CallAnswer<Name extends RouteName> = {
  [Status in keyof SchemaOf<Name>['response']]: Status extends 204
    ? undefined
    : SchemaOf<Name>['response'][Status] extends infer Answer extends z.ZodType
      ? z.output<Answer>
      : never;
}[keyof SchemaOf<Name>['response']];
