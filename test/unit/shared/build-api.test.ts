// buildApi turns the channel names of the IPC contract into the renderer-facing API: one function per
// channel, grouped by domain, plus an `events.on` that only accepts known events.
import { describe, it, expect } from 'vitest';
import { buildApi, type Invoke, type Subscribe } from '../../../src/shared/ipc/build-api';
import { channelNames, eventNames, ipcContract, type IpcContract, type IpcEvents } from '../../../src/shared/ipc/contract';
import type { IpcResult } from '../../../src/shared/ipc/define';

type InvokeCall = { channel: string; input: unknown; result: Promise<IpcResult<unknown>> };
type SubscribeCall = { name: string; listener: (payload: unknown) => void; unsubscribed: boolean };

function harness() {
  const invokes: InvokeCall[] = [];
  const subscriptions: SubscribeCall[] = [];
  const invoke: Invoke = (channel, input) => {
    const result = Promise.resolve<IpcResult<unknown>>({ ok: true, value: { echoed: channel } });
    invokes.push({ channel, input, result });
    return result;
  };
  const subscribe: Subscribe = (name, listener) => {
    const sub: SubscribeCall = { name, listener, unsubscribed: false };
    subscriptions.push(sub);
    return () => {
      sub.unsubscribed = true;
    };
  };
  const api = buildApi<IpcContract, IpcEvents>(channelNames, eventNames, invoke, subscribe);
  return { api, invokes, subscriptions };
}

/** The API as a plain map, to walk it by the channel names. */
const asRecord = (v: unknown) => v as Record<string, Record<string, (input?: unknown) => Promise<IpcResult<unknown>>>>;

const split = (name: string) => {
  const dot = name.indexOf('.');
  return [name.slice(0, dot), name.slice(dot + 1)] as const;
};

describe('buildApi with the real contract', () => {
  it('has channel names of the form domain.method and at least the known ones', () => {
    expect(channelNames.length).toBeGreaterThan(0);
    expect(channelNames).toEqual(Object.keys(ipcContract));
    for (const name of channelNames) expect(name).toMatch(/^[a-z]+\.[A-Za-z]+$/);
    expect(channelNames).toEqual(expect.arrayContaining(['app.info', 'workspaces.list', 'workspaces.add', 'demo.start', 'projects.list']));
    expect(eventNames).toEqual(expect.arrayContaining(['workspaces.changed', 'sync.progress', 'interviews.completed', 'reports.done']));
  });

  it('exposes exactly one domain per channel prefix, plus events', () => {
    const { api } = harness();
    const domains = new Set(channelNames.map((n) => split(n)[0]));
    expect(Object.keys(api).sort()).toEqual([...domains, 'events'].sort());
  });

  it('exposes exactly the methods named by the channels, in each domain', () => {
    const { api } = harness();
    const record = asRecord(api);
    const domains = new Set(channelNames.map((n) => split(n)[0]));
    for (const domain of domains) {
      const expected = channelNames.filter((n) => split(n)[0] === domain).map((n) => split(n)[1]);
      expect(Object.keys(record[domain] ?? {}).sort()).toEqual(expected.sort());
      for (const method of expected) expect(typeof record[domain]?.[method]).toBe('function');
    }
  });

  it('names methods as the renderer calls them', () => {
    const { api } = harness();
    expect(typeof api.projects.list).toBe('function');
    expect(typeof api.workspaces.add).toBe('function');
    expect(typeof api.workspaces.list).toBe('function');
    expect(typeof api.app.info).toBe('function');
    expect(typeof api.demo.start).toBe('function');
    expect(typeof api.events.on).toBe('function');
  });

  it('freezes the API, every domain and events', () => {
    const { api } = harness();
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api.events)).toBe(true);
    for (const [domain, methods] of Object.entries(asRecord(api))) {
      expect(Object.isFrozen(methods), domain).toBe(true);
    }
    expect(() => {
      (api as unknown as Record<string, unknown>).projects = {};
    }).toThrow(TypeError);
    expect(() => {
      (api.projects as unknown as Record<string, unknown>).list = () => null;
    }).toThrow(TypeError);
    expect(() => {
      (api.projects as unknown as Record<string, unknown>).remove = () => null;
    }).toThrow(TypeError);
  });

  it('forwards (channel name, input) to invoke and returns its promise unchanged', async () => {
    const { api, invokes } = harness();
    const input = { workspace_id: 'ws-1' };
    const promise = api.projects.list(input);
    expect(invokes).toHaveLength(1);
    expect(invokes[0]?.channel).toBe('projects.list');
    expect(invokes[0]?.input).toBe(input);
    expect(promise).toBe(invokes[0]?.result);
    await expect(promise).resolves.toEqual({ ok: true, value: { echoed: 'projects.list' } });
  });

  it('forwards undefined for channels without input', () => {
    const { api, invokes } = harness();
    void api.app.info();
    expect(invokes).toEqual([expect.objectContaining({ channel: 'app.info', input: undefined })]);
  });

  it('routes every channel to its own name', () => {
    const { api, invokes } = harness();
    const record = asRecord(api);
    for (const name of channelNames) {
      const [domain, method] = split(name);
      const marker = { for: name };
      void record[domain]?.[method]?.(marker);
      expect(invokes.at(-1)).toMatchObject({ channel: name, input: marker });
    }
    expect(invokes.map((c) => c.channel)).toEqual(channelNames);
  });

  it('passes the bare channel name; adding the wire prefix is the caller’s job', () => {
    const { api, invokes } = harness();
    void api.workspaces.list();
    expect(invokes[0]?.channel).toBe('workspaces.list');
    expect(invokes[0]?.channel.startsWith('fieldwork:')).toBe(false);
  });
});

describe('events.on', () => {
  it('subscribes a known event, passes payloads through and returns the unsubscribe', () => {
    const { api, subscriptions } = harness();
    const received: unknown[] = [];
    const off = api.events.on('workspaces.changed', (payload) => received.push(payload));
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]?.name).toBe('workspaces.changed');
    subscriptions[0]?.listener({ reason: 'added' });
    expect(received).toEqual([{ reason: 'added' }]);
    expect(typeof off).toBe('function');
    off();
    expect(subscriptions[0]?.unsubscribed).toBe(true);
  });

  it('refuses unknown event names without subscribing', () => {
    const { api, subscriptions } = harness();
    const on = api.events.on as unknown as (name: string, listener: unknown) => () => void;
    expect(() => on('projects.changed', () => undefined)).toThrow(/Unknown event: projects\.changed/);
    expect(() => on('', () => undefined)).toThrow(/Unknown event/);
    expect(() => on('__proto__', () => undefined)).toThrow(/Unknown event/);
    expect(subscriptions).toHaveLength(0);
  });

  it.each([[undefined], [null], ['listener'], [{}], [42]])('refuses the non-function listener %j', (listener) => {
    const { api, subscriptions } = harness();
    const on = api.events.on as unknown as (name: string, listener: unknown) => () => void;
    expect(() => on('workspaces.changed', listener)).toThrow('The listener must be a function');
    expect(subscriptions).toHaveLength(0);
  });
});

describe('buildApi with malformed channel names', () => {
  const noopInvoke: Invoke = () => Promise.resolve({ ok: true, value: null });
  const noopSubscribe: Subscribe = () => () => undefined;

  it.each(['nodot', '.leading', 'trailing.', '', 'events.on', 'events.extra'])('throws for %j', (name) => {
    expect(() => buildApi([name], [], noopInvoke, noopSubscribe)).toThrow(`Malformed channel name: ${name}`);
  });

  it('throws when one name among good ones is malformed', () => {
    expect(() => buildApi(['app.info', 'broken'], [], noopInvoke, noopSubscribe)).toThrow('Malformed channel name: broken');
  });

  it('keeps everything after the first dot as the method name', () => {
    const calls: string[] = [];
    const api = buildApi(
      ['a.b.c'],
      [],
      (channel) => {
        calls.push(channel);
        return Promise.resolve({ ok: true, value: null });
      },
      noopSubscribe,
    );
    const record = asRecord(api);
    expect(Object.keys(record.a ?? {})).toEqual(['b.c']);
    void record.a?.['b.c']?.();
    expect(calls).toEqual(['a.b.c']);
  });
});
