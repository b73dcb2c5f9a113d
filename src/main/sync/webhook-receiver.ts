import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readWebhookEvent, type WebhookRead } from '../../shared/schemas/webhook';
import type { Logger } from '../logging/logger';

export type Verification = { ok: true; id: string; timestamp: number } | { ok: false; status: 400 | 401; reason: string };

/**
 * Standard Webhooks verification, as the sandbox signs: HMAC-SHA256 over "id.timestamp.body" with the
 * base64 key after "whsec_", compared in constant time against every v1 signature in the header, and
 * a timestamp within the tolerance either side of now (an old, replayed message fails here).
 */
export function verifyWebhook(args: {
  secret: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  nowSeconds: number;
  toleranceSeconds?: number;
}): Verification {
  const h = (k: string) => {
    const v = args.headers[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const id = h('webhook-id');
  const ts = h('webhook-timestamp');
  const sig = h('webhook-signature');
  if (!id || !ts || !sig) return { ok: false, status: 400, reason: 'missing webhook headers' };
  if (!/^\d+$/.test(ts)) return { ok: false, status: 400, reason: 'bad timestamp' };
  const timestamp = Number(ts);
  if (Math.abs(args.nowSeconds - timestamp) > (args.toleranceSeconds ?? 300)) return { ok: false, status: 400, reason: 'timestamp outside the tolerance' };
  let key: Buffer;
  try {
    key = Buffer.from(args.secret.replace(/^whsec_/, ''), 'base64');
  } catch {
    return { ok: false, status: 401, reason: 'bad secret' };
  }
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(args.body).digest();
  const matches = sig.split(' ').some((part) => {
    const [version, value] = part.split(',');
    if (version !== 'v1' || !value) return false;
    const got = Buffer.from(value, 'base64');
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
  return matches ? { ok: true, id, timestamp } : { ok: false, status: 401, reason: 'signature mismatch' };
}

export type ReceivedEvent = Extract<WebhookRead, { kind: 'interview_completed' }>['event'];

/**
 * An optional loopback endpoint for `interview_completed` pushes. Verified messages are acknowledged at
 * once and handed on; a message id already seen is acknowledged again (the sender retries when an
 * answer is lost) but never processed twice.
 */
export class WebhookReceiver {
  private server: Server | null = null;
  private seen = new Map<string, number>();

  constructor(
    private readonly o: {
      secret: () => string;
      onEvent: (e: ReceivedEvent) => void | Promise<void>;
      log: Logger;
      now?: () => number;
      toleranceSeconds?: number;
    },
  ) {}

  async start(port: number, host = '127.0.0.1'): Promise<number> {
    await this.stop();
    const server = createServer((req, res) => {
      // Every request ends in an answer or a logged failure: a sender that drops the connection mid-body
      // (or any other throw while reading) must not become an unhandled rejection in main.
      this.handle(req)
        .catch((e: unknown) => {
          this.o.log.warn('webhook request failed', { error: e });
          return { status: 400, body: 'could not read the request' };
        })
        .then(({ status, body }) => {
          if (res.destroyed || res.headersSent) return;
          res.writeHead(status, { 'content-type': 'text/plain' });
          res.end(body);
        })
        .catch((e: unknown) => this.o.log.warn('webhook answer failed', { error: e }));
    });
    server.on('clientError', (_e, socket) => socket.destroy());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = null;
    if (s) {
      s.closeAllConnections();
      await new Promise<void>((r) => s.close(() => r()));
    }
  }

  get listening(): boolean {
    return this.server !== null;
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: string }> {
    if (req.method !== 'POST') return { status: 405, body: 'POST only' };
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const c of req) {
      size += (c as Buffer).length;
      if (size > 1024 * 1024) return { status: 413, body: 'too large' };
      chunks.push(c as Buffer);
    }
    const body = Buffer.concat(chunks);
    const now = this.o.now?.() ?? Date.now();
    const v = verifyWebhook({
      secret: this.o.secret(),
      headers: req.headers,
      body,
      nowSeconds: Math.floor(now / 1000),
      ...(this.o.toleranceSeconds !== undefined ? { toleranceSeconds: this.o.toleranceSeconds } : {}),
    });
    if (!v.ok) {
      this.o.log.warn('webhook refused', { reason: v.reason });
      return { status: v.status, body: v.reason };
    }
    this.prune(now);
    if (this.seen.has(v.id)) return { status: 200, body: 'already received' };
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return { status: 400, body: 'not JSON' };
    }
    const read = readWebhookEvent(parsed);
    if (read.kind === 'invalid') return { status: 400, body: read.reason };
    this.seen.set(v.id, now);
    if (read.kind === 'interview_completed') {
      Promise.resolve(this.o.onEvent(read.event)).catch((e: unknown) => this.o.log.warn('webhook handling failed', { error: e }));
    }
    return { status: 204, body: '' };
  }

  /** Ids only need remembering while their timestamps could still pass the tolerance check. */
  private prune(now: number): void {
    const horizon = now - 2 * (this.o.toleranceSeconds ?? 300) * 1000;
    for (const [id, at] of this.seen) if (at < horizon) this.seen.delete(id);
  }
}
