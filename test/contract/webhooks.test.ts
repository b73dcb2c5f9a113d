import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviewCompletedEvent } from '../../src/shared/schemas/webhook';
import { projectBody, testSandbox, type TestSandbox } from '../support/sandbox';

type Received = { headers: Record<string, string | string[] | undefined>; body: string };

let sb: TestSandbox;
let receiver: Server;
let url = '';
const received: Received[] = [];
let failFirst = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      if (failFirst > 0) {
        failFirst--;
        res.writeHead(500).end();
      } else res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  sb = await testSandbox({ webhookRetryScheduleMs: [0, 50, 50, 50] });
});
afterAll(async () => {
  await sb.close();
  await new Promise<void>((r) => receiver.close(() => r()));
});

/** An independent Standard Webhooks verifier, written from the scheme the sandbox documents. */
function verify(secret: string, r: Received): boolean {
  const id = String(r.headers['webhook-id']);
  const ts = String(r.headers['webhook-timestamp']);
  const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
    .update(`${id}.${ts}.${r.body}`)
    .digest();
  return String(r.headers['webhook-signature'])
    .split(' ')
    .some((part) => {
      const [version, sig] = part.split(',');
      const got = Buffer.from(sig ?? '', 'base64');
      return version === 'v1' && got.length === expected.length && timingSafeEqual(got, expected);
    });
}

describe('interview_completed webhooks', () => {
  it('are pushed, signed Standard Webhooks style, with the documented payload, and retried on failure', async () => {
    const org = await sb.newOrg({ trial_credits: 10 });
    const hook = await org.operator<{ secret: string }>('POST', '/_sandbox/webhooks', { url });
    expect(hook.status).toBe(201);
    expect(hook.body.secret).toMatch(/^whsec_/);
    const { id } = await org.client.createProject(projectBody());
    await org.client.launchProject(id, 5);
    failFirst = 1;
    const sim = await org.operator<{ completed: string[] }>('POST', `/_sandbox/projects/${id}/simulate`, { completed: 2, incomplete: 1 });
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(3);
    const delivered = received.slice(1);
    for (const r of received) expect(verify(hook.body.secret, r)).toBe(true);
    const payloads = delivered.map((r) => interviewCompletedEvent.parse(JSON.parse(r.body)));
    expect(payloads.map((p) => p.data.user_interview_id).sort()).toEqual([...sim.body.completed].sort());
    for (const p of payloads) {
      expect(p).toMatchObject({ event: 'interview_completed', data: { org_id: org.orgId, project_id: id, video_url: expect.stringContaining('/video?') } });
      expect(Date.parse(p.created_at!)).not.toBeNaN();
    }
    // A retried delivery keeps its webhook-id, so a receiver can dedupe by it: three requests, two ids.
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(2);
    const deliveries = await org.operator<{ items: { status: string; attempts: number }[] }>('GET', '/_sandbox/webhooks/deliveries');
    expect(deliveries.body.items.map((d) => d.status)).toEqual(['delivered', 'delivered']);
    expect(deliveries.body.items.map((d) => d.attempts).sort()).toEqual([1, 2]);
  });

  it('carry a video_url string for every completed interview, those without a sample video of their own too', async () => {
    const org = await sb.newOrg({ trial_credits: 100 });
    await org.operator('POST', '/_sandbox/webhooks', { url });
    const { id } = await org.client.createProject(projectBody());
    await org.client.launchProject(id, 60);
    const before = received.length;
    // More completions than one topic has sample videos, so some link the generic recording.
    const sim = await org.operator<{ completed: string[] }>('POST', `/_sandbox/projects/${id}/simulate`, { completed: 40 });
    await expect.poll(() => received.length - before, { timeout: 10_000 }).toBe(40);
    const raw = received
      .slice(before)
      .map((r) => JSON.parse(r.body) as { data: { user_interview_id: string; video_url: unknown; video_url_expires_at: unknown } });
    expect(raw.map((p) => p.data.user_interview_id).sort()).toEqual([...sim.body.completed].sort());
    expect(raw.filter((p) => typeof p.data.video_url !== 'string' || typeof p.data.video_url_expires_at !== 'string')).toEqual([]);
    // Each link plays: the interview's own sample video or the generic recording.
    for (const p of raw) expect((await fetch(p.data.video_url as string, { method: 'HEAD' })).status).toBe(200);
  });

  it('a tampered body or another secret does not verify', async () => {
    const r = received[1]!;
    expect(verify('whsec_' + Buffer.alloc(24, 1).toString('base64'), r)).toBe(false);
    expect(verify('whsec_' + Buffer.alloc(24, 1).toString('base64'), { ...r, body: r.body.replace('interview_completed', 'interview_complete!') })).toBe(false);
  });
});
