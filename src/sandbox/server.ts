import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from './clock';
import type { SandboxConfig, SandboxContext } from './context';
import { loadSampleMedia } from './domain/sample-media';
import { apiRequest } from './http/api-pipeline';
import { RateLimiter } from './http/rate-limit';
import { fail, reply } from './http/reply';
import { buildApiRouter, buildOperatorRouter } from './routes';
import { createOrgRoute } from './routes/operator';
import { publicRequest } from './routes/public';
import { metaValue, openSandboxDb } from './store/db';
import { DEFAULT_RETRY_SCHEDULE_MS, WebhookDispatcher, type FetchLike } from './webhooks/dispatcher';

export type SandboxOptions = {
  /** SQLite file for the service's state; ':memory:' (the default) forgets everything on close. */
  dataFile?: string;
  port?: number;
  host?: string;
  clock?: Clock;
  random?: () => number;
  mediaDir?: string;
  nativeBinding?: string;
  aiEnabled?: boolean;
  reportDurationMs?: number;
  presignTtlSeconds?: number;
  videoUrlTtlSeconds?: number;
  /** Per-key token bucket; null turns rate limiting off. */
  rateLimit?: { capacity: number; refillPerSecond: number } | null;
  webhookRetryScheduleMs?: number[];
  webhookFetch?: FetchLike;
};

export type Sandbox = {
  baseUrl: string;
  port: number;
  context: SandboxContext;
  /** Requests received and not yet answered or closed: tests wait for 0 instead of sleeping. */
  requestsInFlight(): number;
  close(): Promise<void>;
};

export const DEFAULTS: SandboxConfig = {
  aiEnabled: true,
  reportDurationMs: 3_000,
  presignTtlSeconds: 900,
  videoUrlTtlSeconds: 24 * 3600,
  rateLimit: { capacity: 120, refillPerSecond: 40 },
};

export function defaultMediaDir(): string {
  // Works from src/sandbox (tsx, vitest) and from a bundle whose cwd is the project root.
  const candidates = [new URL('../../resources/sample-media', `file://${__dirname}/`).pathname, `${process.cwd()}/resources/sample-media`];
  return candidates.find((c) => existsSync(c)) ?? candidates[1]!;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const db = openSandboxDb(options.dataFile ?? ':memory:', options.nativeBinding);
  const clock = options.clock ?? systemClock;
  const config: SandboxConfig = {
    aiEnabled: options.aiEnabled ?? DEFAULTS.aiEnabled,
    reportDurationMs: options.reportDurationMs ?? DEFAULTS.reportDurationMs,
    presignTtlSeconds: options.presignTtlSeconds ?? DEFAULTS.presignTtlSeconds,
    videoUrlTtlSeconds: options.videoUrlTtlSeconds ?? DEFAULTS.videoUrlTtlSeconds,
    rateLimit: options.rateLimit === undefined ? DEFAULTS.rateLimit : options.rateLimit,
  };
  let baseUrl = '';
  const ctx: SandboxContext = {
    db,
    clock,
    config,
    media: loadSampleMedia(options.mediaDir ?? defaultMediaDir()),
    webhooks: new WebhookDispatcher(db, clock, options.webhookRetryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS, options.webhookFetch),
    signingSecret: metaValue(db, 'signing_secret', () => randomBytes(32).toString('base64url')),
    random: options.random ?? Math.random,
    baseUrl: () => baseUrl,
  };
  const limiter = config.rateLimit ? new RateLimiter(config.rateLimit.capacity, config.rateLimit.refillPerSecond) : null;
  const api = buildApiRouter();
  const operator = buildOperatorRouter();
  let inFlight = 0;
  // Set by close(): a request still being handled then (waiting on injected latency, say) finds the database
  // closed under it. That is the close, not a fault of the sandbox, so it is not reported as one.
  let closed = false;
  const server = createServer((req, res) => {
    inFlight++;
    res.once('close', () => inFlight--);
    void handle(req, res).catch((err: unknown) => (closed ? res.destroy() : fail(res, err)));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', baseUrl);
    const path = url.pathname;
    if (path.startsWith('/v1/') || path.startsWith('/external/')) return apiRequest(ctx, limiter, req, res, url, api, true);
    if (path === '/_sandbox/organisations' && req.method === 'POST') return reply(res, await createOrgRoute(req, ctx));
    if (path.startsWith('/_sandbox/')) return apiRequest(ctx, limiter, req, res, url, operator, false);
    return publicRequest(ctx, req, res, url);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;
  ctx.webhooks.start();
  return {
    baseUrl,
    port,
    context: ctx,
    requestsInFlight: () => inFlight,
    close: async () => {
      closed = true;
      ctx.webhooks.stop();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      db.close();
    },
  };
}
