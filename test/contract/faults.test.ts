import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_PER_PARTICIPANT_CENTS } from '../../src/sandbox/domain/billing';
import { failure, projectBody, testSandbox, type TestSandbox } from '../support/sandbox';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await testSandbox();
});
afterAll(() => sb.close());

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('retries under injected faults', () => {
  it('injected 429s carry Retry-After, which the client waits out in full each time', async () => {
    const { sleep, waits } = recordingSleep();
    const org = await sb.newOrg({}, { sleep, retry: { maxAttempts: 3 } });
    await org.operator('PUT', '/_sandbox/faults', { rate_429: 1, retry_after_seconds: 7 });
    const err = await failure(org.client.listProjects());
    expect(err).toMatchObject({ status: 429, retryAfterMs: 7000 });
    expect(waits).toHaveLength(2);
    expect(waits.every((w) => w >= 7000)).toBe(true);
  });

  it('GETs get through 50% injected 5xx, 429 and truncation', async () => {
    // About half of all attempts fail, and a truncated answer can also cost the next attempt its pooled connection:
    // 24 attempts make fifteen GETs in a row fail to get through about once in a million runs, not once in a few hundred.
    const org = await sb.newOrg({}, { retry: { maxAttempts: 24, baseDelayMs: 1, maxBackoffMs: 5 } });
    await org.client.createProject(projectBody());
    await org.operator('PUT', '/_sandbox/faults', { rate_5xx: 0.25, rate_429: 0.15, truncate_rate: 0.2, retry_after_seconds: 0 });
    for (let i = 0; i < 15; i++) expect(await org.client.listProjects()).toHaveLength(1);
  });

  it('a POST is never retried, whatever the fault', async () => {
    const { sleep, waits } = recordingSleep();
    const org = await sb.newOrg({}, { sleep });
    await org.operator('PUT', '/_sandbox/faults', { rate_5xx: 1 });
    const err = await failure(org.client.createProject(projectBody()));
    expect(err.status).toBeGreaterThanOrEqual(500);
    expect(waits).toEqual([]);
    await org.operator('PUT', '/_sandbox/faults', {});
    expect(await org.client.listProjects()).toEqual([]);
  });

  it('a launch whose answer is lost is reconciled by GET, not re-sent, and charged exactly once', async () => {
    const org = await sb.newOrg({ balance_cents: 10_000 });
    const { id, interview_id } = await org.client.createProject(projectBody());
    // Cut every POST answer after the service has acted on it; GETs stay clean for the reconciliation.
    await org.operator('PUT', '/_sandbox/faults', { truncate_rate: 1, fault_methods: ['POST'] });
    const outcome = await org.client.launchProject(id, 4, { locale: 'en-US' });
    expect(outcome).toMatchObject({ kind: 'launched_unconfirmed', call_url: `${sb.baseUrl}/call/en-US/${interview_id}/${id}` });
    await org.operator('PUT', '/_sandbox/faults', {});
    expect((await org.client.getCredits()).balance).toBe(`$${((10_000 - 4 * PRICE_PER_PARTICIPANT_CENTS) / 100).toFixed(2)}`);
    const again = await org.client.launchProject(id, 4, { locale: 'en-US' });
    expect(again.kind).toBe('already_launched');
    expect((await org.client.getCredits()).balance).toBe(`$${((10_000 - 4 * PRICE_PER_PARTICIPANT_CENTS) / 100).toFixed(2)}`);
  });

  it('a launch refused with 503 before it happened says nothing was charged', async () => {
    const org = await sb.newOrg({ balance_cents: 10_000 });
    const { id } = await org.client.createProject(projectBody());
    await org.operator('PUT', '/_sandbox/faults', { rate_5xx: 1, fault_methods: ['POST'] });
    expect(await failure(org.client.launchProject(id, 4))).toMatchObject({ code: 'launch_not_completed' });
    await org.operator('PUT', '/_sandbox/faults', {});
    expect((await org.client.getCredits()).balance).toBe('$100.00');
  });
});

describe('token bucket rate limit', () => {
  it('answers 429 with Retry-After once the bucket is empty; the client waits it out', async () => {
    const limited = await testSandbox({ rateLimit: { capacity: 3, refillPerSecond: 0.5 } });
    try {
      const { sleep, waits } = recordingSleep();
      const org = await limited.newOrg({}, { sleep, retry: { maxAttempts: 2 } });
      for (let i = 0; i < 3; i++) await org.client.getCredits();
      const raw = await limited.raw('GET', '/v1/credits', { key: org.apiKey });
      expect(raw.status).toBe(429);
      expect(Number(raw.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(((await raw.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
      await failure(org.client.getCredits());
      expect(waits[0]).toBeGreaterThanOrEqual(1000);
      // Operator routes are not rate limited.
      expect((await org.operator('GET', '/_sandbox/faults')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
