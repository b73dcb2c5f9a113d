import type { FieldworkApi, IpcContract, IpcEvents } from '../../src/shared/ipc/contract';
import type { InputOf, IpcError, IpcResult, OutputOf, PayloadOf } from '../../src/shared/ipc/define';

type Channel = keyof IpcContract & string;
type EventName = keyof IpcEvents & string;
type Handler<C extends Channel> = (input: InputOf<IpcContract[C]>) => OutputOf<IpcContract[C]> | Promise<OutputOf<IpcContract[C]>>;

/** Thrown by a handler: the call answers `{ ok: false, error }`, as main does for a refused call. */
export class IpcFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** A promise settled by the test, to hold an answer back while it looks at what is in flight. */
export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A stand-in for `window.fieldwork` in renderer store tests: every call is recorded (channel and input)
 * and answered by the handler the test gave for its channel; a channel without one is refused, so a
 * call the test did not expect shows up as an error rather than passing silently. Events are emitted
 * by the test, to the listeners the stores registered.
 */
export function fakeBridge() {
  const handlers = new Map<string, (input: unknown) => unknown>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const calls: { channel: Channel; input: unknown }[] = [];

  const invoke = async (channel: Channel, input: unknown): Promise<IpcResult<unknown>> => {
    calls.push({ channel, input });
    const handler = handlers.get(channel);
    if (!handler) return { ok: false, error: { code: 'not_stubbed', message: `No answer for ${channel} in this test.` } };
    try {
      return { ok: true, value: await handler(input) };
    } catch (e) {
      if (!(e instanceof IpcFailure)) throw e;
      const error: IpcError = { code: e.code, message: e.message, ...(e.details ? { details: e.details } : {}) };
      return { ok: false, error };
    }
  };
  const events = {
    on(name: string, listener: (payload: unknown) => void) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
      return () => void set.delete(listener);
    },
  };
  const api = new Proxy(
    {},
    {
      get: (_, domain: string) =>
        domain === 'events' ? events : new Proxy({}, { get: (__, method: string) => (input?: unknown) => invoke(`${domain}.${method}` as Channel, input) }),
    },
  ) as FieldworkApi;

  return {
    api,
    calls,
    /** The inputs of every call to one channel, in order. */
    inputs: <C extends Channel>(channel: C) => calls.filter((c) => c.channel === channel).map((c) => c.input as InputOf<IpcContract[C]>),
    answer<C extends Channel>(channel: C, handler: Handler<C>) {
      handlers.set(channel, handler as (input: unknown) => unknown);
    },
    /** The call fails in the bridge itself (the promise rejects), as when main is gone. */
    breakBridge(channel: Channel) {
      handlers.set(channel, () => {
        throw new Error('bridge gone');
      });
    },
    emit<E extends EventName>(name: E, payload: PayloadOf<IpcEvents[E]>) {
      for (const l of [...(listeners.get(name) ?? [])]) l(payload);
    },
    listenerCount: (name: EventName) => listeners.get(name)?.size ?? 0,
  };
}
export type FakeBridge = ReturnType<typeof fakeBridge>;

/** Lets every answer already due (and what it triggers) settle. */
export const flush = async () => {
  for (let i = 0; i < 10; i++) await new Promise<void>((r) => setImmediate(r));
};

type Handlers = { [C in Channel]?: (input: InputOf<IpcContract[C]>) => unknown };

/**
 * A fake bridge installed as `window.fieldwork` without `vi.stubGlobal`, for tests in the shared unit
 * project: it answers each given channel and puts the previous `window` back on `restore()` (call it in
 * afterEach), since unit files share their worker.
 */
export function installFakeBridge(handlers: Handlers = {}) {
  const bridge = fakeBridge();
  for (const [channel, handler] of Object.entries(handlers)) bridge.answer(channel as Channel, handler as never);
  const g = globalThis as { window?: unknown };
  const had = 'window' in g;
  const before = g.window;
  g.window = { fieldwork: bridge.api };
  return {
    ...bridge,
    restore() {
      if (had) g.window = before;
      else delete g.window;
    },
  };
}
export type InstalledFakeBridge = ReturnType<typeof installFakeBridge>;
