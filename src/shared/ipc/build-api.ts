import type { ApiOf, ChannelMap, EventMap, EventsApi, IpcResult } from './define';

export type Invoke = (channel: string, input: unknown) => Promise<IpcResult<unknown>>;
export type Subscribe = (name: string, listener: (payload: unknown) => void) => () => void;

/**
 * Builds the renderer-facing API from the channel names: one named function per channel, grouped by
 * domain, and an `events.on` that only accepts known event names. Used by the Electron preload and
 * by the browser bridge of the test host, so both expose exactly the same shape.
 */
export function buildApi<C extends ChannelMap, E extends EventMap>(
  channels: readonly string[],
  eventNames: readonly string[],
  invoke: Invoke,
  subscribe: Subscribe,
): ApiOf<C> & { events: EventsApi<E> } {
  const domains: Record<string, Record<string, (input?: unknown) => Promise<IpcResult<unknown>>>> = {};
  for (const name of channels) {
    const dot = name.indexOf('.');
    const domain = name.slice(0, dot);
    const method = name.slice(dot + 1);
    if (dot <= 0 || method === '' || domain === 'events') throw new Error(`Malformed channel name: ${name}`);
    (domains[domain] ??= {})[method] = (input?: unknown) => invoke(name, input);
  }
  const known = new Set(eventNames);
  const events: EventsApi<E> = {
    on: (name, listener) => {
      if (!known.has(name)) throw new Error(`Unknown event: ${name}`);
      if (typeof listener !== 'function') throw new Error('The listener must be a function');
      return subscribe(name, (payload) => listener(payload as never));
    },
  };
  const api: Record<string, unknown> = { events: Object.freeze(events) };
  for (const [domain, methods] of Object.entries(domains)) api[domain] = Object.freeze(methods);
  return Object.freeze(api) as ApiOf<C> & { events: EventsApi<E> };
}
