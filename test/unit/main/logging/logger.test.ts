// Checklist item 13: the API key never reaches a log line. Every line goes to a memory sink and is
// searched for a canary key, whichever way the key was handed to the logger.
import { describe, it, expect } from 'vitest';
import { createLogger, redact, type LogSink } from '../../../../src/main/logging/logger';

const CANARY = 'ak_CANARY_7f3e9c1d2b';

function memoryLogger(secrets: readonly string[] = [CANARY]) {
  const lines: Parameters<LogSink>[0][] = [];
  const log = createLogger((line) => lines.push(line), { secrets: () => secrets, now: () => Date.UTC(2025, 0, 2, 3, 4, 5) });
  const text = () => lines.map((l) => JSON.stringify(l)).join('\n');
  return { log, lines, text };
}

/** An error as undici or a fetch wrapper might throw it: the key in the message, a cause, and headers. */
function leakyError(): Error {
  const cause = new Error(`connect ECONNREFUSED while sending x-api-key: ${CANARY}`);
  const err = new Error(`Request failed with key ${CANARY}`, { cause });
  Object.assign(err, { headers: { 'x-api-key': CANARY }, config: { apiKey: CANARY }, body: `{"api_key":"${CANARY}"}` });
  return err;
}

describe('createLogger with a canary key', () => {
  it('never emits the canary, wherever it was put', () => {
    const { log, lines, text } = memoryLogger();
    log.info(`calling with ${CANARY}`);
    log.warn('as a field value', { key: CANARY, note: `prefix-${CANARY}-suffix` });
    log.error('nested', { a: { b: { c: [1, { d: CANARY }, [CANARY, `x${CANARY}`]] } } });
    log.debug('in an error', { error: leakyError() });
    log.info('errors in arrays', { errors: [leakyError(), new TypeError(CANARY)] });
    log.error('key-named fields', { headers: { 'x-api-key': CANARY, Authorization: `Bearer ${CANARY}` }, apiKey: CANARY, api_key: CANARY });
    log.warn(`${CANARY}${CANARY}`, { [`label`]: `${CANARY} twice ${CANARY}` });
    expect(lines).toHaveLength(7);
    expect(text()).not.toContain(CANARY);
    // Not even a fragment long enough to be useful.
    expect(text()).not.toContain('7f3e9c1d2b');
    expect(text()).toContain('[redacted]');
  });

  it('redacts the canary inside the msg string but keeps the rest of the message', () => {
    const { log, lines } = memoryLogger();
    log.info(`sent request with ${CANARY} to https://api.example.com`);
    expect(lines[0]!.msg).toBe('sent request with [redacted] to https://api.example.com');
  });

  it('redacts inside an Error message and drops its stack, cause and extra properties', () => {
    const { log, lines } = memoryLogger();
    log.error('request failed', { error: leakyError() });
    expect(lines[0]!.error).toStrictEqual({ name: 'Error', message: 'Request failed with key [redacted]' });
    expect(JSON.stringify(lines[0])).not.toMatch(/\s+at\s|ECONNREFUSED/);
  });

  it('redacts at any depth, including past the depth limit', () => {
    const { log, text } = memoryLogger();
    let deep: unknown = { secret_here: CANARY, key: CANARY };
    for (let i = 0; i < 30; i++) deep = i % 2 ? { level: i, child: deep } : [deep];
    log.info('deep', { deep });
    expect(text()).not.toContain(CANARY);
  });

  it('survives circular structures without leaking or throwing', () => {
    const { log, text } = memoryLogger();
    const a: Record<string, unknown> = { key: CANARY };
    a.self = a;
    expect(() => log.info('circular', { a })).not.toThrow();
    expect(text()).not.toContain(CANARY);
  });

  it('picks up secrets added after the logger was created', () => {
    const secrets: string[] = [];
    const lines: unknown[] = [];
    const log = createLogger((l) => lines.push(l), { secrets: () => secrets });
    secrets.push(CANARY);
    log.info('later', { v: CANARY });
    expect(JSON.stringify(lines)).not.toContain(CANARY);
  });

  it('emits level, time and msg, and keeps non-secret data intact', () => {
    const { log, lines } = memoryLogger();
    const fields = {
      workspace_id: 'w-1',
      count: 3,
      ok: true,
      none: null,
      list: ['a', 2, { project: 'p1' }],
      nested: { base_url: 'https://api.example.com', status: 401 },
    };
    log.warn('sync failed', fields);
    expect(lines[0]).toStrictEqual({ level: 'warn', msg: 'sync failed', time: '2025-01-02T03:04:05.000Z', ...fields });
  });

  it('each method emits its own level', () => {
    const { log, lines } = memoryLogger();
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e');
    expect(lines.map((l) => l.level)).toEqual(['debug', 'info', 'warn', 'error']);
  });
});

describe('redact', () => {
  it.each([
    'x-api-key',
    'X-API-KEY',
    'X-Api-Key',
    'apiKey',
    'ApiKey',
    'api_key',
    'api-key',
    'apikey',
    'authorization',
    'Authorization',
    'password',
    'secret',
    'token',
  ])('masks a %j field at any depth, whatever its value', (key) => {
    const value = { top: { [key]: 'short' }, arr: [{ deeper: { [key]: { nested: 'object value' } } }], [key]: 12345 };
    const out = redact(value) as { top: Record<string, unknown>; arr: [{ deeper: Record<string, unknown> }] } & Record<string, unknown>;
    expect(out.top[key]).toBe('[redacted]');
    expect(out.arr[0].deeper[key]).toBe('[redacted]');
    expect(out[key]).toBe('[redacted]');
    expect(JSON.stringify(out)).not.toMatch(/short|object value|12345/);
  });

  it('keeps ordinary fields whose names resemble key words', () => {
    expect(redact({ keychain: 'available', author: 'Ann', key_storage: 'memory' })).toStrictEqual({
      keychain: 'available',
      author: 'Ann',
      key_storage: 'memory',
    });
  });

  it('replaces every occurrence of a listed secret in strings, arrays and objects', () => {
    expect(redact(`a ${CANARY} b ${CANARY}`, [CANARY])).toBe('a [redacted] b [redacted]');
    expect(redact([CANARY, { v: [CANARY] }], [CANARY])).toStrictEqual(['[redacted]', { v: ['[redacted]'] }]);
  });

  it('leaves primitives and non-secret strings unchanged', () => {
    expect(redact('hello', [CANARY])).toBe('hello');
    expect(redact(42)).toBe(42);
    expect(redact(null)).toBeNull();
    expect(redact(undefined)).toBeUndefined();
    expect(redact(true)).toBe(true);
  });

  it('does not mutate its input', () => {
    const input = { headers: { 'x-api-key': CANARY }, msg: CANARY };
    redact(input, [CANARY]);
    expect(input).toStrictEqual({ headers: { 'x-api-key': CANARY }, msg: CANARY });
  });
});

describe('a secret used as an object key', () => {
  it('is redacted in the key too', () => {
    const lines: string[] = [];
    const log = createLogger((l) => lines.push(JSON.stringify(l)), { secrets: () => ['ak_CANARY_keyasname_0001'] });
    log.info('cache', { byKey: { ak_CANARY_keyasname_0001: 1 } });
    expect(lines.join('\n')).not.toContain('ak_CANARY_keyasname_0001');
  });
});
