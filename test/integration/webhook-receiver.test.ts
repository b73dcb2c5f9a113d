import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../src/main/core';
import { silentLogger } from '../../src/main/logging/logger';
import { verifyWebhook, WebhookReceiver } from '../../src/main/sync/webhook-receiver';
import { signWebhook } from '../../src/sandbox/webhooks/signature';
import { useCoreWithSandbox } from '../support/core';
import { present } from '../support/ipc';
import { projectBody, type TestSandbox } from '../support/sandbox';

const SECRET = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
const body = Buffer.from(
  JSON.stringify({ event: 'interview_completed', created_at: '2026-11-22T10:00:00Z', data: { org_id: 'o', project_id: 'p', interview_id: 'i' } }),
);
const now = 1_795_000_000;
const headers = (id: string, ts: number, sig: string) => ({ 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': sig });

describe('Standard Webhooks verification (against the sandbox signer)', () => {
  const good = signWebhook(SECRET, 'msg_1', now, body.toString());
  it('accepts the sandbox signature', () => {
    expect(verifyWebhook({ secret: SECRET, headers: headers('msg_1', now, good), body, nowSeconds: now })).toEqual({ ok: true, id: 'msg_1', timestamp: now });
  });
  it('accepts when one of several signatures matches (key rotation)', () => {
    expect(verifyWebhook({ secret: SECRET, headers: headers('msg_1', now, `v1,AAAA ${good}`), body, nowSeconds: now }).ok).toBe(true);
  });
  it.each([
    ['a tampered body', headers('msg_1', now, good), Buffer.from(body.toString().replace('"o"', '"x"')), now, 401],
    ['the same JSON re-serialised', headers('msg_1', now, good), Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1)), now, 401],
    ['another message id', headers('msg_2', now, good), body, now, 401],
    ['a timestamp 301 s old', headers('msg_1', now - 301, signWebhook(SECRET, 'msg_1', now - 301, body.toString())), body, now, 400],
    ['a timestamp 301 s ahead', headers('msg_1', now + 301, signWebhook(SECRET, 'msg_1', now + 301, body.toString())), body, now, 400],
    ['a wrong-length signature', headers('msg_1', now, 'v1,AAAA'), body, now, 401],
    ['another scheme version', headers('msg_1', now, good.replace('v1,', 'v2,')), body, now, 401],
    ['missing headers', { 'webhook-id': 'msg_1' }, body, now, 400],
  ])('refuses %s', (_label, h, b, nowS, status) => {
    const v = verifyWebhook({ secret: SECRET, headers: h, body: b, nowSeconds: nowS });
    expect(v).toMatchObject({ ok: false, status });
  });
  it('refuses a signature made with another secret', () => {
    const other = signWebhook(`whsec_${Buffer.alloc(24, 8).toString('base64')}`, 'msg_1', now, body.toString());
    expect(verifyWebhook({ secret: SECRET, headers: headers('msg_1', now, other), body, nowSeconds: now }).ok).toBe(false);
  });
});

describe('the webhook receiver end to end', () => {
  const setUp = useCoreWithSandbox({ dirPrefix: 'fw-hook-', sandbox: { webhookRetryScheduleMs: [0, 100, 100] } });
  let sb: TestSandbox;
  let core: Core;
  beforeAll(() => {
    ({ sb, core } = setUp);
  });

  it('a pushed interview_completed syncs just that interview, teaches the workspace its organisation ID, and a replay is not processed twice', async () => {
    const org = await sb.newOrg({ trial_credits: 10 });
    const ws = { value: await core.call('workspaces.add', { name: 'Hooked', base_url: sb.baseUrl, api_key: org.apiKey }) };
    expect(ws.value.organisation_id).toBeNull();
    const { id: projectId } = await org.client.createProject(projectBody());
    await org.client.launchProject(projectId, 5);
    await core.call('sync.run', { workspace_id: ws.value.id });
    const set = await core.call('settings.set', {
      webhook_enabled: true,
      webhook_port: 0 + 28000 + Math.floor(Math.random() * 2000),
      webhook_secret: `whsec_${Buffer.alloc(24, 9).toString('base64')}`,
    });
    // The receiver uses the secret the service issues for the registered URL.
    const port = set.webhook_listening_port;
    expect(port).toBeGreaterThan(0);
    const hook = await org.operator<{ secret: string }>('POST', '/_sandbox/webhooks', { url: `http://127.0.0.1:${port}/webhook` });
    await core.call('settings.set', { webhook_secret: hook.body.secret });
    const completed: unknown[] = [];
    core.events.subscribe((e) => e.name === 'interviews.completed' && completed.push(e.payload));
    const sim = await org.operator<{ completed: string[] }>('POST', `/_sandbox/projects/${projectId}/simulate`, { completed: 1 });
    const id = sim.body.completed[0]!;
    await expect
      .poll(async () => core.call('interviews.get', { workspace_id: ws.value.id, interview_id: id }), {
        timeout: 5000,
      })
      .toBeTruthy();
    const got = { value: present(await core.call('interviews.get', { workspace_id: ws.value.id, interview_id: id }), 'the interview') };
    expect(got.value.status).toBe('COMPLETE');
    expect(got.value.transcript.length).toBeGreaterThan(2);
    expect(completed).toEqual([{ workspace_id: ws.value.id, project_id: projectId, count: 1 }]);
    expect(core.workspaces.list().find((w) => w.id === ws.value.id)?.organisation_id).toBe(org.orgId);

    // Replaying the delivered message (same id, fresh timestamp and signature) is acknowledged, not processed.
    const delivery = (await org.operator<{ items: { id: string; payload: unknown }[] }>('GET', '/_sandbox/webhooks/deliveries')).body.items[0]!;
    const raw = JSON.stringify(delivery.payload);
    const ts = Math.floor(Date.now() / 1000);
    const replay = await fetch(`http://127.0.0.1:${port}/webhook`, {
      method: 'POST',
      body: raw,
      headers: { 'content-type': 'application/json', ...headers(delivery.id, ts, signWebhook(hook.body.secret, delivery.id, ts, raw)) },
    });
    expect(replay.status).toBe(200);
    // The receiver answers a replay this way before, and instead of, handing it on.
    expect(await replay.text()).toBe('already received');
    expect(completed).toHaveLength(1);
    const forged = await fetch(`http://127.0.0.1:${port}/webhook`, {
      method: 'POST',
      body: raw,
      headers: headers('msg_forged', ts, 'v1,' + Buffer.alloc(32).toString('base64')),
    });
    expect(forged.status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${port}/webhook`)).status).toBe(405);
  });
});

describe('the webhook receiver under malformed requests', () => {
  it('a sender that drops the connection mid-body, bad JSON or a body too large: never an unhandled rejection, and it keeps serving', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    const warnings: string[] = [];
    const receiver = new WebhookReceiver({
      secret: () => 'whsec_' + Buffer.alloc(24, 7).toString('base64'),
      onEvent: () => undefined,
      log: { ...silentLogger, warn: (m: string) => warnings.push(m) },
    });
    const port = await receiver.start(0);
    try {
      // A request whose body stops half way: the socket is destroyed after the first chunk.
      await new Promise<void>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write('POST /webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"event":"interv');
          setImmediate(() => socket.destroy());
        });
        socket.on('close', () => resolve());
        socket.on('error', () => undefined);
      });
      await expect.poll(() => warnings).toContain('webhook request failed');
      // Unsigned garbage and a body over 1 MB are refused with a status, not a crash.
      expect((await fetch(`http://127.0.0.1:${port}/webhook`, { method: 'POST', body: '{not json' })).status).toBe(400);
      expect(
        (await fetch(`http://127.0.0.1:${port}/webhook`, { method: 'POST', body: 'x'.repeat(2 * 1024 * 1024) }).catch(() => ({ status: 413 }))).status,
      ).toBe(413);
      // Still serving.
      expect((await fetch(`http://127.0.0.1:${port}/webhook`)).status).toBe(405);
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await receiver.stop();
    }
  });
});
