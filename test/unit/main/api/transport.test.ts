import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createApiClient } from '../../../../src/main/api/client';
import { createTransport } from '../../../../src/main/api/transport';
import { failure } from '../../../support/sandbox';
import { json, stubServer } from '../../../support/http-stub';

const KEY = 'ak_CANARY_7f3e9c1d2b4a';
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function stub(...handlers: Parameters<typeof stubServer>[0]) {
  const s = await stubServer(handlers);
  closers.push(s.close);
  return s;
}

/** A sleep that records what it was asked to wait and returns at once: time is asserted, not spent. */
function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

const credits = { balance: '$1.00', trial_credits: 2 };

describe('transport', () => {
  it('sends x-api-key on every request and validates the response', async () => {
    const s = await stub(json(200, credits));
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY });
    closers.push(() => c.close());
    expect(await c.getCredits()).toEqual(credits);
    expect(s.seen[0]!.headers['x-api-key']).toBe(KEY);
  });

  it('never follows a redirect: the other origin never sees the key', async () => {
    const elsewhere = await stub(json(200, credits));
    const s = await stub((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/v1/credits` });
      res.end();
    });
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY });
    closers.push(() => c.close());
    expect(await failure(c.getCredits())).toMatchObject({ status: 302, code: 'unexpected_redirect' });
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('an HTML 502 from a proxy becomes a typed error with a human message, retried for a GET', async () => {
    const html = (_req: unknown, res: ServerResponse) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    };
    const s = await stub(html);
    const { sleep, waits } = recordingSleep();
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY, sleep, retry: { maxAttempts: 3 } });
    closers.push(() => c.close());
    const err = await failure(c.getCredits());
    expect(err).toMatchObject({ status: 502, code: 'service_error' });
    expect(err.message).not.toMatch(/<|html/i);
    expect(s.seen).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it('a truncated body is a transient error, retried for a GET and then succeeding', async () => {
    const s = await stub(
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '200' });
        res.write('{"balance":"$1.0');
        res.destroy();
      },
      json(200, credits),
    );
    const { sleep } = recordingSleep();
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY, sleep });
    closers.push(() => c.close());
    expect(await c.getCredits()).toEqual(credits);
    expect(s.seen).toHaveLength(2);
  });

  it('stops reading an oversized body', async () => {
    const s = await stub((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"items":"');
      const chunk = Buffer.alloc(1024 * 1024, 97);
      let n = 0;
      const pump = () => {
        while (n < 50 && res.write(chunk)) n++;
        if (n < 50) res.once('drain', pump);
        else res.end('"}');
      };
      pump();
    });
    const t = createTransport({ baseUrl: s.url, apiKey: () => KEY, maxResponseBytes: 1024 * 1024, retry: { maxAttempts: 1 } });
    closers.push(() => t.close());
    expect(await failure(t.send({ method: 'GET', path: '/big', schema: z.unknown() }))).toMatchObject({ code: 'response_too_large' });
  });

  it('times out a silent server with a typed error', async () => {
    const s = await stub(() => undefined);
    const t = createTransport({ baseUrl: s.url, apiKey: () => KEY, headersTimeoutMs: 150, retry: { maxAttempts: 1 } });
    closers.push(() => t.close());
    expect(await failure(t.send({ method: 'GET', path: '/slow', schema: z.unknown() }))).toMatchObject({ status: 0, code: 'timeout' });
  });

  it('a response of the wrong shape is invalid_response, not a crash, and not retried', async () => {
    const s = await stub(json(200, { balance: 12 }), json(200, credits));
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY });
    closers.push(() => c.close());
    expect((await c.getCredits()).balance).toBe('12');
    const t = createTransport({ baseUrl: s.url, apiKey: () => KEY });
    closers.push(() => t.close());
    expect(await failure(t.send({ method: 'GET', path: '/x', schema: z.object({ must: z.string() }) }))).toMatchObject({ code: 'invalid_response' });
  });

  it('a network failure says the service cannot be reached', async () => {
    const c = createApiClient({ baseUrl: 'http://127.0.0.1:9', apiKey: () => KEY, retry: { maxAttempts: 1 } });
    closers.push(() => c.close());
    const err = await failure(c.getCredits());
    expect(err).toMatchObject({ status: 0, code: 'network_error' });
    expect(err.message).toMatch(/can't reach/);
    expect(err.message).not.toContain(KEY);
  });
});

describe('retry policy', () => {
  it('honours Retry-After: 120 in full before the second request', async () => {
    const s = await stub(json(429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '120' }), json(200, credits));
    const { sleep, waits } = recordingSleep();
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY, sleep });
    closers.push(() => c.close());
    expect(await c.getCredits()).toEqual(credits);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(120_000);
    expect(waits[0]).toBeLessThan(121_000);
  });

  it('honours Retry-After as an HTTP-date', async () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    const s = await stub(json(503, {}, { 'retry-after': new Date(now + 45_000).toUTCString() }), json(200, credits));
    const { sleep, waits } = recordingSleep();
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY, sleep, now: () => now });
    closers.push(() => c.close());
    await c.getCredits();
    expect(waits[0]).toBeGreaterThanOrEqual(45_000);
  });

  it('a Retry-After longer than the policy allows fails at once rather than waiting less', async () => {
    const s = await stub(json(429, {}, { 'retry-after': '3600' }));
    const { sleep, waits } = recordingSleep();
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY, sleep, retry: { maxRetryAfterMs: 600_000 } });
    closers.push(() => c.close());
    const err = await failure(c.getCredits());
    expect(err).toMatchObject({ status: 429, retryAfterMs: 3_600_000 });
    expect(err.message).toMatch(/60 minutes/);
    expect(waits).toEqual([]);
    expect(s.seen).toHaveLength(1);
  });

  it('backs off exponentially with jitter and gives up after maxAttempts', async () => {
    const s = await stub(json(503, {}));
    const { sleep, waits } = recordingSleep();
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY, sleep, random: () => 1, retry: { maxAttempts: 4, baseDelayMs: 100 } });
    closers.push(() => c.close());
    await failure(c.getCredits());
    expect(waits).toEqual([100, 200, 400]);
    expect(s.seen).toHaveLength(4);
  });

  it.each([
    ['401', 401],
    ['402', 402],
    ['404', 404],
    ['409', 409],
    ['422', 422],
  ])('never retries a %s', async (_l, status) => {
    const s = await stub(json(status, { error: { code: 'x', message: 'no' } }));
    const { sleep, waits } = recordingSleep();
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY, sleep });
    closers.push(() => c.close());
    await failure(c.getCredits());
    expect(s.seen).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('never retries a POST (create project) on 503', async () => {
    const s = await stub(json(503, {}));
    const { sleep, waits } = recordingSleep();
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY, sleep });
    closers.push(() => c.close());
    await failure(
      c.createProject({
        intro_message: 'Hi',
        questions: [{ question: 'Q?', probing_level: 'low' }],
        languages: [{ language_name: 'English', accent: 'en-US' }],
        interaction_modes: ['chat'],
      }),
    );
    expect(s.seen.map((r) => r.method)).toEqual(['POST']);
    expect(waits).toEqual([]);
  });

  it('retries the allow-list PUT, which is idempotent', async () => {
    const s = await stub(json(503, {}), json(200, { project_id: 'p', allowed_urls: ['https://a.example.com'] }));
    const { sleep } = recordingSleep();
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY, sleep });
    closers.push(() => c.close());
    expect((await c.putAllowList('p', ['https://a.example.com'])).allowed_urls).toEqual(['https://a.example.com']);
    expect(s.seen.map((r) => r.method)).toEqual(['PUT', 'PUT']);
  });

  it('cancelling during a backoff stops without another request', async () => {
    const s = await stub(json(503, {}));
    const ac = new AbortController();
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY, retry: { baseDelayMs: 10_000 } });
    closers.push(() => c.close());
    const pending = failure(c.getCredits({ signal: ac.signal }));
    // The first request has reached the server; from here on (its 503, then a 10 s backoff) a cancel must not lead to a retry.
    await vi.waitFor(() => expect(s.seen).toHaveLength(1));
    ac.abort();
    expect(await pending).toMatchObject({ code: 'aborted' });
    expect(s.seen).toHaveLength(1);
  });
});

describe('launch is sent once and reconciled by GET', () => {
  const project = (launched: boolean) => ({
    items: [
      {
        id: 'p1',
        title: 'T',
        status: launched ? 'IN_PROGRESS' : 'STARTED',
        created_at: null,
        recruiting: { completed_participants: 0, has_launched: launched, target_participants: 3, type: 'INTERNAL' },
      },
    ],
  });
  const embed = {
    embed_url: 'https://call.example.com/embed/i1/p1',
    interview_id: 'i1',
    project_id: 'p1',
    snippets: { iframe: '', widget_inline: '', widget_overlay_center: '', widget_overlay_dock_right: '', mobile_webview: '', mobile_modal: '' },
  };

  it('503 then the project shows launched: one POST, then GETs, and the call_url is derived', async () => {
    const s = await stub(json(503, {}), json(200, project(true)), json(200, embed));
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY, sleep: async () => undefined });
    closers.push(() => c.close());
    const out = await c.launchProject('p1', 3, { locale: 'de-DE' });
    expect(out).toMatchObject({ kind: 'launched_unconfirmed', call_url: 'https://call.example.com/de-DE/i1/p1' });
    expect(s.seen.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /v1/projects/p1/launch', 'GET /v1/projects', 'GET /v1/projects/p1/embed']);
  });

  it('a dropped connection and the project not launched: says nothing was charged, no second POST', async () => {
    const s = await stub((_req, res) => res.destroy(), json(200, project(false)));
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY, sleep: async () => undefined });
    closers.push(() => c.close());
    const err = await failure(c.launchProject('p1', 3));
    expect(err).toMatchObject({ code: 'launch_not_completed' });
    expect(s.seen.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('when even the reconciling GET fails, the outcome is reported unknown, not retried', async () => {
    const s = await stub((_req, res) => res.destroy());
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY, sleep: async () => undefined, retry: { maxAttempts: 2 } });
    closers.push(() => c.close());
    const err = await failure(c.launchProject('p1', 3));
    expect(err.code).toBe('launch_outcome_unknown');
    expect(s.seen.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('402 is returned as it is, with its shortfall', async () => {
    const s = await stub(
      json(402, { error: { code: 'insufficient_balance', message: 'Top up', balance_available: 100, balance_required: 900, shortfall: 800 } }),
    );
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY });
    closers.push(() => c.close());
    expect(await failure(c.launchProject('p1', 3))).toMatchObject({ status: 402, details: { balance_available: 100, balance_required: 900, shortfall: 800 } });
    expect(s.seen).toHaveLength(1);
  });

  it('reads 402 fields placed beside `error` too', async () => {
    const s = await stub(json(402, { error: { code: 'insufficient_balance', message: 'Top up' }, balance_available: 1, balance_required: 5, shortfall: 4 }));
    const c = createApiClient({ baseUrl: s.url, apiKey: () => KEY });
    closers.push(() => c.close());
    expect(await failure(c.launchProject('p1', 3))).toMatchObject({ details: { balance_available: 1, balance_required: 5, shortfall: 4 } });
  });
});
