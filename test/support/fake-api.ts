// A stand-in for window.fieldwork in renderer unit tests: feature stores call it exactly as they call the
// preload's bridge, and the test answers each channel and reads back what was asked. Installed on
// globalThis for one test and removed after it (restore), since unit files share their worker.
import type { IpcResult } from '../../src/shared/ipc/define';
import type { FieldworkApi, IpcContract, IpcEvents } from '../../src/shared/ipc/contract';

type Channel = keyof IpcContract & string;
type EventName = keyof IpcEvents & string;

/** Thrown by a handler: the bridge answers `{ok: false, error}`, as main does for a failed call. */
export class IpcFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export type FakeCall = { channel: Channel; input: unknown };
/** Answers one channel: a value (or a promise of one) is `ok`; an IpcFailure is main's error; any other throw rejects the bridge. */
export type Handler = (input: never) => unknown;

export type FakeApi = {
  readonly api: FieldworkApi;
  /** Every call, in order, with its input as the store sent it. */
  readonly calls: FakeCall[];
  callsTo(channel: Channel): unknown[];
  answer(channel: Channel, handler: Handler): void;
  emit(name: EventName, payload: unknown): void;
  restore(): void;
};

/** Installs a fake window.fieldwork; channels without a handler answer with a `not_faked` error naming them. */
export function installFakeApi(handlers: Partial<Record<Channel, Handler>> = {}): FakeApi {
  const calls: FakeCall[] = [];
  const answers = new Map<string, Handler>(Object.entries(handlers) as [string, Handler][]);
  const listeners = new Map<string, Set<(payload: unknown) => void>>();

  async function dispatch(channel: Channel, input: unknown): Promise<IpcResult<unknown>> {
    calls.push({ channel, input });
    const handler = answers.get(channel);
    if (!handler) return { ok: false, error: { code: 'not_faked', message: `No fake answer for ${channel}` } };
    try {
      return { ok: true, value: await (handler as (input: unknown) => unknown)(input) };
    } catch (e) {
      if (e instanceof IpcFailure) return { ok: false, error: { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) } };
      throw e;
    }
  }

  const events = {
    on(name: string, listener: (payload: unknown) => void) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
      return () => set.delete(listener);
    },
  };
  // api.<domain>.<method>(input) → dispatch('<domain>.<method>', input), for every channel without listing them.
  const api = new Proxy({} as Record<string, unknown>, {
    get(_, domain: string) {
      if (domain === 'events') return events;
      return new Proxy({}, { get: (__, method: string) => (input: unknown) => dispatch(`${domain}.${method}` as Channel, input) });
    },
  }) as unknown as FieldworkApi;

  const g = globalThis as { window?: unknown };
  const had = 'window' in g;
  const before = g.window;
  g.window = { fieldwork: api };

  return {
    api,
    calls,
    callsTo: (channel) => calls.filter((c) => c.channel === channel).map((c) => c.input),
    answer: (channel, handler) => void answers.set(channel, handler),
    emit: (name, payload) => listeners.get(name)?.forEach((l) => l(payload)),
    restore() {
      if (had) g.window = before;
      else delete g.window;
    },
  };
}

/** A promise the test settles when it chooses: to answer calls out of order. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
