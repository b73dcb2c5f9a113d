// Checklist items 3 and 4: every IPC call passes the sender check and the channel's zod schema before a
// handler runs, and every failure comes back as a typed value. Fuzzed with a small seeded generator.
import { describe, it, expect, vi } from 'vitest';
import { channelNames, IPC_PREFIX, ipcContract, type IpcContract } from '../../../../src/shared/ipc/contract';
import { createDispatcher, type HandlerMap } from '../../../../src/main/ipc/dispatcher';
import { registerIpc, type IpcEventLike, type IpcMainLike } from '../../../../src/main/ipc/registrar';
import { AppError } from '../../../../src/main/errors';
import type { Logger } from '../../../../src/main/logging/logger';
import type { FrameLike } from '../../../../src/main/security/sender';

type Channel = keyof IpcContract & string;
type AnyHandler = ReturnType<typeof vi.fn<(input: unknown, ctx: unknown) => Promise<unknown>>>;

const fakeLog = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }) satisfies Logger;

function setup() {
  const handlers = Object.fromEntries(
    channelNames.map((c): [Channel, AnyHandler] => [c, vi.fn(async (input: unknown, _ctx: unknown): Promise<unknown> => ({ echoed: input }))]),
  ) as Record<Channel, AnyHandler>;
  const log = fakeLog();
  const dispatch = createDispatcher<IpcContract>(ipcContract, handlers as unknown as HandlerMap<IpcContract>, log);
  const calls = () => Object.values(handlers).reduce((n, h) => n + h.mock.calls.length, 0);
  return { handlers, log, dispatch, calls };
}

/** mulberry32: tiny deterministic PRNG so a failing case can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}
type Rng = ReturnType<typeof prng>;

const HUGE = 'A'.repeat(1_000_000);
const NASTY_STRINGS = [
  '',
  ' ',
  '\0',
  '\u202e',
  '🙂',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  '<script>alert(1)</script>',
  "'; DROP TABLE x;--",
  HUGE,
  'a'.repeat(65),
  'UPPER',
  'has space',
  '../../etc',
  'javascript:alert(1)',
];
const JUNK_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'junk', 'api_key', 'workspace_id', 'name', 'is_demo', 'id', ''];

function randomString(r: Rng): string {
  if (r.next() < 0.5) return r.pick(NASTY_STRINGS);
  const len = r.int(20);
  let s = '';
  for (let i = 0; i < len; i++) s += String.fromCharCode(r.int(0x3000));
  return s;
}

/** Arbitrary structured-clonable junk, including prototype-poisoning shapes. */
function randomValue(r: Rng, depth = 0): unknown {
  const leafOnly = depth > 3;
  switch (r.int(leafOnly ? 8 : 12)) {
    case 0:
      return null;
    case 1:
      return r.next() < 0.5;
    case 2:
      return r.pick([0, -0, 1, -1, 1e308, Number.NaN, Infinity, -Infinity, 2 ** 53, 0.5]);
    case 3:
      return randomString(r);
    case 4:
      return BigInt(r.int(1000));
    case 5:
      return new Date(r.int(2e12));
    case 6:
      return new Uint8Array([1, 2, 3]);
    case 7:
      return r.pick([undefined, 0, '', false]);
    case 8:
      return Array.from({ length: r.int(5) }, () => randomValue(r, depth + 1));
    case 9: {
      const o: Record<string, unknown> = {};
      for (let i = r.int(5); i > 0; i--)
        Object.defineProperty(o, r.pick(JUNK_KEYS), { value: randomValue(r, depth + 1), enumerable: true, configurable: true, writable: true });
      return o;
    }
    case 10:
      return JSON.parse('{"__proto__":{"polluted":1,"workspace_id":"abc"},"constructor":{"prototype":{"polluted":1}}}') as unknown;
    default:
      return new Map([[randomString(r), randomValue(r, depth + 1)]]);
  }
}

const VALID_ADD = { name: 'Acme research', base_url: 'https://api.example.com', api_key: 'ak_live_12345678', organisation_id: 'org_1' };

/** The channels with hand-written malformed cases; every other channel gets the generic ones. */
const DETAILED: readonly string[] = ['app.info', 'workspaces.list', 'demo.start', 'projects.list', 'workspaces.add'];

/** Values each channel must refuse. */
function malformedFor(channel: Channel, r: Rng): unknown {
  // Every other channel takes either nothing or an object: these can never fit.
  if (!DETAILED.includes(channel))
    return ipcContract[channel].input.safeParse(undefined).success ? r.pick([null, 'x', 1, [], true]) : r.pick([null, 'x', 1, [], true, undefined]);
  const schemaless = ['app.info', 'workspaces.list', 'demo.start'];
  if (schemaless.includes(channel)) {
    let v: unknown;
    do v = randomValue(r);
    while (v === undefined);
    return v;
  }
  if (channel === 'projects.list') {
    switch (r.int(5)) {
      case 0:
        return r.pick([null, 'abc', 42, [], ['abc'], [{ workspace_id: 'abc' }], true, undefined]);
      case 1:
        return { junk: randomValue(r) };
      case 2:
        return { workspace_id: r.pick([null, 1, true, {}, ['abc'], undefined, 12n, new Date()]) };
      case 3:
        return { workspace_id: r.pick(['', 'ABC', 'a b', 'a/b', '../x', 'a'.repeat(65), HUGE, 'x\0y', 'abc\n', 'ß', '__proto__']), junk: randomValue(r) };
      default:
        return JSON.parse('{"__proto__":{"workspace_id":"abc"}}') as unknown;
    }
  }
  // workspaces.add
  if (r.next() < 0.15) return r.pick([null, undefined, 'x', 1, [], [VALID_ADD], JSON.parse(`{"__proto__":${JSON.stringify(VALID_ADD)}}`) as unknown]);
  const o: Record<string, unknown> = { ...VALID_ADD };
  const field = r.pick(['name', 'base_url', 'api_key', 'organisation_id'] as const);
  const bad: Record<typeof field, unknown[]> = {
    name: [undefined, '', '   ', 'n'.repeat(81), HUGE, 1, null, {}, ['a']],
    base_url: [
      undefined,
      '',
      'http://evil.example',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'https://u:p@api.example.com',
      'ftp://api.example.com',
      'not a url',
      'https://api.example.com/?q=1',
      'https://api.example.com/#x',
      1,
      null,
      HUGE,
    ],
    api_key: [undefined, '', 'short', '      short      ', 'k'.repeat(513), HUGE, 12345678, null, ['ak_live_12345678']],
    organisation_id: ['o'.repeat(101), HUGE, 1, true, {}, []],
  };
  const v = r.pick(bad[field]);
  if (v === undefined) delete o[field];
  else o[field] = v;
  if (r.next() < 0.5) o.junk = randomValue(r);
  return o;
}

/** An independent check that whatever reached a handler is what its schema allows. */
function assertValidHandlerInput(channel: Channel, input: unknown) {
  if (!DETAILED.includes(channel)) {
    // Generic: a plain object (or nothing) that its own schema accepts as it stands.
    if (input !== undefined) expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect(ipcContract[channel].input.safeParse(input).success).toBe(true);
    return;
  }
  if (channel === 'app.info' || channel === 'workspaces.list' || channel === 'demo.start') {
    expect(input).toBeUndefined();
    return;
  }
  expect(input).toBeTypeOf('object');
  expect(input).not.toBeNull();
  expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
  const o = input as Record<string, unknown>;
  if (channel === 'projects.list') {
    expect(Object.keys(o)).toEqual(['workspace_id']);
    expect(o.workspace_id).toMatch(/^[a-z0-9-]{1,64}$/);
    return;
  }
  expect(Object.keys(o).sort()).toEqual(['api_key', 'base_url', 'name', 'organisation_id']);
  expect(typeof o.name === 'string' && o.name.length >= 1 && o.name.length <= 80).toBe(true);
  expect(typeof o.api_key === 'string' && o.api_key.length >= 8 && o.api_key.length <= 512).toBe(true);
  expect(o.base_url).toMatch(/^(https:\/\/|http:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/]?)/);
}

describe('createDispatcher', () => {
  it('routes a valid call to its handler with the parsed input and returns its value', async () => {
    const { dispatch, handlers, calls } = setup();
    await expect(dispatch('projects.list', { workspace_id: 'w-1' })).resolves.toStrictEqual({ ok: true, value: { echoed: { workspace_id: 'w-1' } } });
    expect(handlers['projects.list']).toHaveBeenCalledTimes(1);
    expect(calls()).toBe(1);

    const r = await dispatch('workspaces.add', { ...VALID_ADD, name: '  Acme research  ', base_url: 'https://api.example.com/v1/' });
    expect(r.ok).toBe(true);
    expect(handlers['workspaces.add'].mock.calls[0]![0]).toStrictEqual({ ...VALID_ADD, base_url: 'https://api.example.com/v1' });
  });

  it.each([
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '',
    'APP.INFO',
    'app.info ',
    'fieldwork:app.info',
    'projects',
    'projects.list.x',
    'workspaces.destroy',
    'events.on',
  ])('unknown channel %j is refused without calling any handler', async (channel) => {
    const { dispatch, calls } = setup();
    const r = await dispatch(channel, { workspace_id: 'w' });
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    expect(r.ok === false && r.error.message.length > 0).toBe(true);
    expect(calls()).toBe(0);
  });

  it.each<[Channel, unknown]>([
    ['app.info', {}],
    ['app.info', null],
    ['app.info', []],
    ['app.info', 'x'],
    ['projects.list', undefined],
    ['projects.list', null],
    ['projects.list', []],
    ['projects.list', [{ workspace_id: 'abc' }]],
    ['projects.list', { workspace_id: 7 }],
    ['projects.list', { workspace_id: HUGE }],
    ['projects.list', {}],
    ['projects.list', JSON.parse('{"__proto__":{"workspace_id":"abc"}}')],
    ['workspaces.add', { ...VALID_ADD, base_url: 'http://evil.example' }],
    ['workspaces.add', { ...VALID_ADD, api_key: 'short' }],
    ['workspaces.add', { name: 'x' }],
  ])('%s refuses malformed case #%# as invalid_input with a message', async (channel, input) => {
    const { dispatch, calls } = setup();
    const r = await dispatch(channel, input);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('invalid_input');
    expect(r.error.message).toBeTypeOf('string');
    expect(r.error.message.length).toBeGreaterThan(0);
    expect(r.error.message.length).toBeLessThan(500);
    expect(Array.isArray((r.error.details as { issues?: unknown }).issues)).toBe(true);
    expect(calls()).toBe(0);
  });

  it('extra keys never reach a handler (stripped or refused)', async () => {
    const { dispatch, handlers } = setup();
    const input = JSON.parse('{"workspace_id":"w-1","junk":{"a":1},"is_admin":true,"__proto__":{"polluted":1}}') as unknown;
    const r = await dispatch('projects.list', input);
    if (r.ok) {
      const arg = handlers['projects.list'].mock.calls[0]![0];
      expect(arg).toStrictEqual({ workspace_id: 'w-1' });
      expect((arg as { polluted?: unknown }).polluted).toBeUndefined();
    } else {
      expect(r.error.code).toBe('invalid_input');
      expect(handlers['projects.list']).not.toHaveBeenCalled();
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('refuses at least 200 generated malformed payloads: typed error, no throw, no handler call', async () => {
    const r = prng(0xf1e1d);
    let n = 0;
    // One dispatcher for all of them (it holds no state): no handler may ever have been called, so the first
    // payload that reaches one fails with its own label. A fresh set of 87 handler mocks per payload was most of
    // this file's time.
    const { dispatch, calls } = setup();
    for (const channel of channelNames) {
      for (let i = 0; i < 60; i++) {
        const input = malformedFor(channel, r);
        const label = `${channel} #${i}`;
        const result = await dispatch(channel, input).catch((e: unknown) => ({ threw: e }));
        expect(result, label).not.toHaveProperty('threw');
        expect(result, label).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
        const msg = (result as { error: { message: unknown } }).error.message;
        expect(typeof msg === 'string' && msg.length > 0 && !msg.includes(HUGE), label).toBe(true);
        expect(calls(), label).toBe(0);
        n++;
      }
    }
    expect(n).toBeGreaterThanOrEqual(200);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('arbitrary junk on every channel never throws and only schema-valid data reaches handlers', async () => {
    const r = prng(1234567);
    // One dispatcher (it holds no state); each payload's handler calls are checked, then forgotten.
    const { dispatch, handlers } = setup();
    for (let i = 0; i < 400; i++) {
      const channel = r.next() < 0.9 ? r.pick(channelNames) : randomString(r);
      const input = randomValue(r);
      const result = await dispatch(channel, input).catch((e: unknown) => ({ threw: e }));
      expect(result, `${channel} #${i}`).not.toHaveProperty('threw');
      const res = result as { ok: boolean; error?: { code: string } };
      if (!res.ok) expect(['invalid_input', 'unknown_channel']).toContain(res.error!.code);
      for (const [name, h] of Object.entries(handlers) as [Channel, AnyHandler][]) {
        for (const call of h.mock.calls) assertValidHandlerInput(name, call[0]);
        h.mockClear();
      }
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it("a handler's AppError comes back with its code and message", async () => {
    const { dispatch, handlers } = setup();
    handlers['app.info'].mockRejectedValueOnce(new AppError('x_code', 'Human message', { retry_after_s: 5 }));
    await expect(dispatch('app.info', undefined)).resolves.toStrictEqual({
      ok: false,
      error: { code: 'x_code', message: 'Human message', details: { retry_after_s: 5 } },
    });
  });

  it.each<[string, unknown]>([
    ['a plain Error', new Error('secret stack detail')],
    ['a TypeError', new TypeError('secret stack detail: cannot read x of undefined')],
    ['a thrown string', 'secret stack detail'],
    ['a thrown object', { message: 'secret stack detail', stack: 'Error: secret stack detail\n    at f (/x.js:1:1)' }],
  ])('%s becomes code internal with a generic message and no stack', async (_label, thrown) => {
    const { dispatch, handlers, log } = setup();
    handlers['app.info'].mockRejectedValueOnce(thrown);
    const r = await dispatch('app.info', undefined);
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } });
    const text = JSON.stringify(r);
    expect(text).not.toContain('secret stack detail');
    expect(text).not.toMatch(/\s+at\s|\.js:\d+|\.ts:\d+/);
    expect(r.ok === false && r.error.details).toBeFalsy();
    expect(r.ok === false && r.error.message.length > 0).toBe(true);
    // The detail stays on the main side, in the (redacting) log.
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![1]).toMatchObject({ channel: 'app.info', error: thrown });
  });

  it('AppError details are stripped to plain data (no Errors, no functions)', async () => {
    const { dispatch, handlers } = setup();
    const details = {
      n: 1,
      s: 'ok',
      cause: new Error('inner secret'),
      fn: () => 'secret fn',
      nested: { e: new AppError('inner', 'inner secret 2'), list: [1, new Error('in array secret')], keep: true },
    };
    handlers['app.info'].mockRejectedValueOnce(new AppError('conflict', 'Already there', details));
    const r = await dispatch('app.info', undefined);
    expect(r).toStrictEqual({
      ok: false,
      error: { code: 'conflict', message: 'Already there', details: { n: 1, s: 'ok', nested: { list: [1, null], keep: true } } },
    });
    expect(JSON.stringify(r)).not.toMatch(/secret/);
    if (!r.ok) expect(Object.getPrototypeOf(r.error.details)).toBe(Object.prototype);
  });

  // The doc comment promises that "every failure comes back as a typed {code, message} value".
  it('AppError details that JSON cannot encode (circular, BigInt) still give a typed error, not a rejection', async () => {
    const { dispatch, handlers } = setup();
    const circular: Record<string, unknown> = { a: 1 };
    circular.self = circular;
    for (const details of [circular, { big: 10n }]) {
      handlers['app.info'].mockRejectedValueOnce(new AppError('conflict', 'Already there', details));
      const r = await dispatch('app.info', undefined).catch((e: unknown) => ({ threw: String(e) }));
      expect(r).toMatchObject({ ok: false, error: { code: 'conflict', message: 'Already there' } });
    }
  });
});

describe('registerIpc', () => {
  function fakeIpcMain() {
    const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => Promise<unknown>>();
    const ipcMain = {
      handle: vi.fn((channel: string, listener: (event: IpcEventLike, ...args: unknown[]) => Promise<unknown>) => {
        if (registered.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        registered.set(channel, listener);
      }),
      removeHandler: vi.fn((channel: string) => {
        registered.delete(channel);
      }),
    } satisfies IpcMainLike;
    return { ipcMain, registered };
  }
  const top = (url: string): FrameLike => ({ url, parent: null });
  const APP = top('app://fieldwork/index.html');

  function setupRegistrar(origins: readonly string[] = ['app://fieldwork']) {
    const { ipcMain, registered } = fakeIpcMain();
    const dispatch = vi.fn(async (channel: string, input: unknown) => ({ ok: true as const, value: { channel, input } }));
    const log = fakeLog();
    let allowed = origins;
    const dispose = registerIpc(ipcMain, channelNames, dispatch, () => allowed, log);
    const setAllowed = (o: readonly string[]) => {
      allowed = o;
    };
    return { ipcMain, registered, dispatch, log, dispose, setAllowed };
  }

  it('registers exactly one fieldwork:-prefixed handler per contract channel', () => {
    const { ipcMain, registered } = setupRegistrar();
    expect(IPC_PREFIX).toBe('fieldwork:');
    expect(ipcMain.handle).toHaveBeenCalledTimes(channelNames.length);
    expect([...registered.keys()].sort()).toEqual(channelNames.map((c) => `fieldwork:${c}`).sort());
    expect(channelNames.length).toBe(Object.keys(ipcContract).length);
  });

  it.each<[string, FrameLike | null]>([
    ['a null senderFrame', null],
    ['a subframe at the app origin', { url: 'app://fieldwork/index.html', parent: APP }],
    ['an evil origin', top('https://evil.example')],
    ['a file: page', top('file:///C:/x.html')],
    ['a data: page', top('data:text/html,x')],
    ['userinfo on the app origin', top('app://x@fieldwork/index.html')],
    ['the dev server when not allowed', top('http://localhost:5173/')],
  ])('refuses %s with forbidden_sender and never dispatches', async (_label, frame) => {
    const { registered, dispatch, log } = setupRegistrar();
    for (const [channel, listener] of registered) {
      const r = await listener({ senderFrame: frame }, { workspace_id: 'w' });
      expect(r, channel).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
      expect((r as { error: { message: string } }).error.message.length).toBeGreaterThan(0);
    }
    expect(dispatch).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(registered.size);
  });

  it('dispatches a call from the app top frame with the bare channel name and the input only', async () => {
    const { registered, dispatch } = setupRegistrar();
    const listener = registered.get('fieldwork:projects.list')!;
    await expect(listener({ senderFrame: APP }, { workspace_id: 'w' }, 'extra', 'args')).resolves.toStrictEqual({
      ok: true,
      value: { channel: 'projects.list', input: { workspace_id: 'w' } },
    });
    expect(dispatch).toHaveBeenCalledTimes(1);
    expect(dispatch.mock.calls[0]).toEqual(['projects.list', { workspace_id: 'w' }]);
  });

  it('reads the allowed origins at call time (dev origin only while listed)', async () => {
    const { registered, dispatch, setAllowed } = setupRegistrar();
    const listener = registered.get('fieldwork:app.info')!;
    const dev = { senderFrame: top('http://localhost:5173/') };
    await expect(listener(dev, undefined)).resolves.toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    setAllowed(['app://fieldwork', 'http://localhost:5173']);
    await expect(listener(dev, undefined)).resolves.toMatchObject({ ok: true });
    setAllowed(['app://fieldwork']);
    await expect(listener(dev, undefined)).resolves.toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(dispatch).toHaveBeenCalledTimes(1);
  });

  it('the disposer removes every handler it registered', () => {
    const { ipcMain, registered, dispose } = setupRegistrar();
    dispose();
    expect(registered.size).toBe(0);
    expect(ipcMain.removeHandler).toHaveBeenCalledTimes(channelNames.length);
    expect(ipcMain.removeHandler.mock.calls.map((c) => c[0]).sort()).toEqual(channelNames.map((c) => `fieldwork:${c}`).sort());
    // Registering again after disposal works (no stale handlers left behind).
    expect(() => registerIpc(ipcMain, channelNames, vi.fn(), () => [], fakeLog())).not.toThrow();
  });
});
