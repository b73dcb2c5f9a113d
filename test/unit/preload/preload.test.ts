// Checklist item 2: the preload exposes only named functions per contract channel plus events.on;
// never ipcRenderer, never a generic invoke/send/on, and listeners receive the payload only.
import { describe, it, expect, vi, beforeAll } from 'vitest';
import { channelNames, eventNames, IPC_EVENT_CHANNEL } from '../../../src/shared/ipc/contract';

const electron = vi.hoisted(() => {
  const ipcListeners: { channel: string; listener: (...args: unknown[]) => void }[] = [];
  const ipcRenderer = {
    invoke: vi.fn(async (..._args: unknown[]) => ({ ok: true, value: 42 })),
    on: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
      ipcListeners.push({ channel, listener });
      return ipcRenderer;
    }),
    send: vi.fn(),
    sendSync: vi.fn(),
    removeListener: vi.fn(),
  };
  const contextBridge = { exposeInMainWorld: vi.fn() };
  const webUtils = { getPathForFile: vi.fn((_file: unknown) => '/home/r/Pictures/pack.png') };
  return { ipcRenderer, contextBridge, ipcListeners, webUtils };
});

import { FILES_REGISTER_CHANNEL } from '../../../src/shared/ipc/contract';
vi.mock('electron', () => ({ contextBridge: electron.contextBridge, ipcRenderer: electron.ipcRenderer, webUtils: electron.webUtils }));

type Api = Record<string, Record<string, (...args: unknown[]) => unknown>>;
let api: Api;
let files: Record<string, (...args: unknown[]) => unknown>;

beforeAll(async () => {
  await import('../../../src/preload/index');
  api = electron.contextBridge.exposeInMainWorld.mock.calls[0]![1] as Api;
  files = electron.contextBridge.exposeInMainWorld.mock.calls[1]![1] as typeof files;
});

/** Every (path, value) pair reachable from the exposed object, including non-enumerable and symbol keys. */
function walk(value: unknown, path = 'fieldwork', seen = new Set<unknown>()): [string, unknown][] {
  const out: [string, unknown][] = [[path, value]];
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) return out;
  seen.add(value);
  if (typeof value === 'function') return out;
  for (const key of Reflect.ownKeys(value)) {
    const desc = Object.getOwnPropertyDescriptor(value, key)!;
    expect(desc.get, `${path}.${String(key)} is a getter`).toBeUndefined();
    out.push(...walk(desc.value, `${path}.${String(key)}`, seen));
  }
  return out;
}

function eventListener(): (...args: unknown[]) => void {
  const found = electron.ipcListeners.filter((l) => l.channel === IPC_EVENT_CHANNEL);
  expect(found).toHaveLength(1);
  return found[0]!.listener;
}

const fakeElectronEvent = () => ({ sender: { id: 1, send: vi.fn() }, senderId: 0, ports: [] });

describe('preload', () => {
  it("exposes the API once under 'fieldwork' and the file-path helper once under 'fieldworkFiles', nothing else", () => {
    expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(2);
    expect(electron.contextBridge.exposeInMainWorld.mock.calls.map((c) => c[0])).toEqual(['fieldwork', 'fieldworkFiles']);
  });

  it('fieldworkFiles holds exactly a frozen tokenFor: main gets the path webUtils reads, the page only a token', async () => {
    expect(Reflect.ownKeys(files)).toEqual(['tokenFor']);
    expect(Object.isFrozen(files)).toBe(true);
    const forbidden = new Set<unknown>([electron.webUtils, electron.webUtils.getPathForFile, electron.ipcRenderer, electron.contextBridge]);
    for (const [path, v] of walk(files, 'fieldworkFiles')) expect(forbidden.has(v), path).toBe(false);
    const file = { name: 'pack.png' };
    electron.ipcRenderer.invoke.mockResolvedValueOnce('file_token123' as never);
    await expect(files.tokenFor!(file)).resolves.toBe('file_token123');
    expect(electron.webUtils.getPathForFile).toHaveBeenCalledWith(file);
    expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith(FILES_REGISTER_CHANNEL, '/home/r/Pictures/pack.png');
  });

  it('tokenFor refuses a file that has no path on disk, anything webUtils cannot read, and a refusal from main', async () => {
    electron.webUtils.getPathForFile.mockReturnValueOnce('');
    await expect(files.tokenFor!({ name: 'made-in-page.png' })).rejects.toThrow(/not on your computer/);
    electron.webUtils.getPathForFile.mockImplementationOnce(() => {
      throw new TypeError('not a File');
    });
    await expect(files.tokenFor!('/etc/passwd')).rejects.toThrow(/not a file Fieldwork can read/);
    electron.ipcRenderer.invoke.mockResolvedValueOnce(null as never);
    await expect(files.tokenFor!({ name: 'pack.png' })).rejects.toThrow(/could not take this file/);
  });

  it('top-level keys are exactly the contract domains plus events', () => {
    const domains = new Set(channelNames.map((c) => c.slice(0, c.indexOf('.'))));
    expect(new Set(Reflect.ownKeys(api))).toEqual(new Set([...domains, 'events']));
  });

  it('each domain holds exactly its channel methods, and events holds only on', () => {
    for (const name of channelNames) {
      const [domain, method] = name.split('.') as [string, string];
      expect(api[domain]![method], name).toBeTypeOf('function');
    }
    for (const [domain, methods] of Object.entries(api)) {
      if (domain === 'events') {
        expect(Reflect.ownKeys(methods)).toEqual(['on']);
        continue;
      }
      expect(Reflect.ownKeys(methods).sort()).toEqual(
        channelNames
          .filter((c) => c.startsWith(`${domain}.`))
          .map((c) => c.slice(domain.length + 1))
          .sort(),
      );
    }
  });

  it('every leaf is a function and nothing reachable is ipcRenderer or one of its methods', () => {
    const entries = walk(api);
    const leaves = entries.filter(([, v]) => typeof v !== 'object' || v === null);
    expect(leaves.length).toBe(channelNames.length + 1);
    for (const [path, v] of leaves) expect(v, path).toBeTypeOf('function');
    const forbidden = new Set<unknown>([
      electron.ipcRenderer,
      ...Object.values(electron.ipcRenderer),
      electron.contextBridge,
      process,
      process.env,
      globalThis,
    ]);
    for (const [path, v] of entries) expect(forbidden.has(v), `${path} leaks an Electron/Node object`).toBe(false);
  });

  it('has no generic bridge keys (invoke/send/on at top level, process, env, require, ipcRenderer)', () => {
    const banned = [
      'invoke',
      'send',
      'sendSync',
      'on',
      'once',
      'off',
      'removeListener',
      'postMessage',
      'process',
      'env',
      'require',
      'ipcRenderer',
      'ipc',
      'electron',
      'versions',
      'Buffer',
    ];
    for (const key of banned) expect(Object.hasOwn(api, key), key).toBe(false);
    const paths = walk(api).map(([p]) => p.split('.').slice(1));
    for (const p of paths) {
      const last = p[p.length - 1];
      if (last === undefined) continue;
      expect(['process', 'env', 'require', 'ipcRenderer', 'invoke', 'send', 'sendSync'], p.join('.')).not.toContain(last);
    }
  });

  it('the exposed object and its domains are frozen', () => {
    expect(Object.isFrozen(api)).toBe(true);
    for (const v of Object.values(api)) expect(Object.isFrozen(v)).toBe(true);
  });

  it('a named method invokes its prefixed channel with the input, and nothing else', async () => {
    electron.ipcRenderer.invoke.mockClear();
    await expect(api.projects!.list!({ workspace_id: 'w' })).resolves.toStrictEqual({ ok: true, value: 42 });
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledTimes(1);
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledWith('fieldwork:projects.list', { workspace_id: 'w' });
    expect(electron.ipcRenderer.send).not.toHaveBeenCalled();
  });

  it('every contract channel maps to its own fieldwork: channel', async () => {
    for (const name of channelNames) {
      electron.ipcRenderer.invoke.mockClear();
      const [domain, method] = name.split('.') as [string, string];
      await api[domain]![method]!(undefined);
      expect(electron.ipcRenderer.invoke).toHaveBeenCalledTimes(1);
      expect(electron.ipcRenderer.invoke.mock.calls[0]![0]).toBe(`fieldwork:${name}`);
    }
  });

  it('subscribes to the event channel once at load', () => {
    expect(electron.ipcRenderer.on).toHaveBeenCalledTimes(1);
    expect(electron.ipcRenderer.on.mock.calls[0]![0]).toBe(IPC_EVENT_CHANNEL);
  });

  it('event listeners receive only the payload, never the Electron event', () => {
    const listener = vi.fn();
    const off = api.events!.on!('workspaces.changed', listener) as () => void;
    const event = fakeElectronEvent();
    eventListener()(event, { name: 'workspaces.changed', payload: { reason: 'added' } });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]).toHaveLength(1);
    expect(listener.mock.calls[0]![0]).toStrictEqual({ reason: 'added' });
    expect(listener.mock.calls[0]![0]).not.toBe(event);
    off();
  });

  it('unsubscribing stops delivery, and other listeners keep theirs', () => {
    const a = vi.fn();
    const b = vi.fn();
    const offA = api.events!.on!('workspaces.changed', a) as () => void;
    const offB = api.events!.on!('workspaces.changed', b) as () => void;
    offA();
    eventListener()(fakeElectronEvent(), { name: 'workspaces.changed', payload: { reason: 'removed' } });
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledExactlyOnceWith({ reason: 'removed' });
    offB();
    eventListener()(fakeElectronEvent(), { name: 'workspaces.changed', payload: { reason: 'demo' } });
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('ignores malformed or other-named messages without throwing', () => {
    const listener = vi.fn();
    const off = api.events!.on!('workspaces.changed', listener) as () => void;
    const deliver = eventListener();
    for (const message of [
      null,
      undefined,
      'workspaces.changed',
      42,
      {},
      { name: 5, payload: 1 },
      { name: 'other.event', payload: 1 },
      { name: '__proto__', payload: 1 },
    ]) {
      expect(() => deliver(fakeElectronEvent(), message)).not.toThrow();
    }
    expect(listener).not.toHaveBeenCalled();
    off();
  });

  it('refuses unknown event names and non-function listeners', () => {
    expect(() => api.events!.on!('nope', vi.fn())).toThrow(/Unknown event/);
    expect(() => api.events!.on!('__proto__', vi.fn())).toThrow();
    expect(() => api.events!.on!('workspaces.changed', 'not a function')).toThrow();
    expect(eventNames).toContain('workspaces.changed');
  });
});
