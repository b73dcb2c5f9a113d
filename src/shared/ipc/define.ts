import type { z } from 'zod';

/**
 * A channel is a zod input schema plus the type of its result. The schema is what the main-process
 * registrar parses every input with; the result type is what the handler must return and what the
 * renderer receives, so the three cannot drift.
 */
export type ChannelDef<I extends z.ZodType = z.ZodType, O = unknown> = { readonly input: I; readonly __output?: O };

export function channel<I extends z.ZodType>(input: I) {
  return { returns: <O>(): ChannelDef<I, O> => ({ input }) };
}

export type ChannelMap = Record<string, ChannelDef>;

export type InputOf<C> = C extends ChannelDef<infer I, unknown> ? z.input<I> : never;
export type ParsedInputOf<C> = C extends ChannelDef<infer I, unknown> ? z.output<I> : never;
export type OutputOf<C> = C extends ChannelDef<z.ZodType, infer O> ? O : never;
/** A service operation behind one channel: the parsed input in, the channel's result out. */
export type OperationOf<C> = (input: ParsedInputOf<C>) => Promise<OutputOf<C>>;

/** Errors cross IPC as values, never as thrown objects: Electron would strip everything but the message. */
export type IpcError = { code: string; message: string; details?: Record<string, unknown> };
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/**
 * A channel's input parsed with its schema, as every caller of the core has it parsed (the dispatcher for
 * the app, the CLI before it calls a service): the parsed value, or the one invalid_input error they give.
 */
export function parseInput<C extends ChannelDef>(def: C, input: unknown): IpcResult<ParsedInputOf<C>> {
  const parsed = (def.input as z.ZodType).safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data as ParsedInputOf<C> };
  const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  return { ok: false, error: { code: 'invalid_input', message: issues[0]?.message ?? 'Some fields are not valid.', details: { issues } } };
}

type DomainOf<K> = K extends `${infer D}.${string}` ? D : never;
type Fn<C> = undefined extends InputOf<C> ? (input?: InputOf<C>) => Promise<IpcResult<OutputOf<C>>> : (input: InputOf<C>) => Promise<IpcResult<OutputOf<C>>>;

/** `{'projects.list': …}` becomes `api.projects.list(input)`. */
export type ApiOf<C extends ChannelMap> = {
  readonly [D in DomainOf<keyof C & string>]: {
    readonly [K in keyof C & string as K extends `${D}.${infer M}` ? M : never]: Fn<C[K]>;
  };
};

/** Events pushed from main; the renderer receives the payload only, never an Electron event object. */
export type EventDef<P = unknown> = { readonly __payload?: P };
export const event = <P>(): EventDef<P> => ({});
export type EventMap = Record<string, EventDef>;
export type PayloadOf<E> = E extends EventDef<infer P> ? P : never;

export type EventsApi<E extends EventMap> = {
  readonly on: <K extends keyof E & string>(name: K, listener: (payload: PayloadOf<E[K]>) => void) => () => void;
};
