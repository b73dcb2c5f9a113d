import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from './clock';
import type { ApiHandler, Reply, SandboxConfig, SandboxContext } from './context';
import { checkSignedQuery } from './domain/signing';
import { loadSampleMedia } from './domain/sample-media';
import { ApiError } from './http/errors';
import { serveFile } from './http/range';
import { RateLimiter } from './http/rate-limit';
import { errorPayload, sendJson } from './http/respond';
import type { Router } from './http/router';
import { buildApiRouter, buildOperatorRouter } from './routes';
import { createOrgRoute } from './routes/operator';
import { leaveSession, sendMessage, serveAsset, servePage, serveWidget, startSession } from './routes/participant';
import { handleUpload, serveObject } from './routes/storage';
import { metaValue, openSandboxDb } from './store/db';
import { getFaults } from './store/faults';
import { getInterview } from './store/interviews';
import { hashKey, orgForKey } from './store/orgs';
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

// eslint-disable-next-line max-lines-per-function -- split by sandbox (issue 20)
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
    if (path.startsWith('/v1/') || path.startsWith('/external/')) return apiRequest(req, res, url, api, true);
    if (path === '/_sandbox/organisations' && req.method === 'POST') return reply(res, await createOrgRoute(req, ctx));
    if (path.startsWith('/_sandbox/')) return apiRequest(req, res, url, operator, false);
    return publicRequest(req, res, url);
  }

  async function apiRequest(req: IncomingMessage, res: ServerResponse, url: URL, router: Router<ApiHandler>, service: boolean) {
    const key = req.headers['x-api-key'];
    const org = typeof key === 'string' && key !== '' ? orgForKey(db, key) : null;
    if (!org) throw new ApiError(401, 'invalid_api_key', 'The API key is missing, invalid or revoked.');
    if (service && limiter) {
      const taken = limiter.take(hashKey(key as string), clock.now());
      if (!taken.ok)
        throw new ApiError(
          429,
          'rate_limited',
          'Too many requests. Retry after the time in Retry-After.',
          {},
          { 'retry-after': String(taken.retryAfterSeconds) },
        );
    }
    const faults = getFaults(db, org.id);
    const faulty = service && (faults.fault_methods.length === 0 || faults.fault_methods.includes(req.method ?? ''));
    if (faulty) {
      if (faults.latency_ms > 0) await new Promise((r) => setTimeout(r, faults.latency_ms));
      if (ctx.random() < faults.rate_429) {
        throw new ApiError(429, 'rate_limited', 'Too many requests (injected).', {}, { 'retry-after': String(faults.retry_after_seconds) });
      }
      if (ctx.random() < faults.rate_5xx) {
        const status = [500, 502, 503][Math.floor(ctx.random() * 3)]!;
        throw new ApiError(status, 'service_unavailable', 'The service had a temporary problem (injected).');
      }
    }
    const match = router.match(req.method ?? 'GET', url.pathname);
    if ('status' in match) throw routeMiss(match.status);
    // Handlers return a Reply instead of writing it, so the pipeline can inject faults after them.
    const result = await match.handler(req, match.params, { ...ctx, org, faults }, url);
    // Truncation happens after the handler ran: the change is made but the answer is lost, as on a real network.
    if (faulty && result.body !== undefined && ctx.random() < faults.truncate_rate) return truncate(res, result);
    reply(res, result);
  }

  async function publicRequest(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const parts = url.pathname
      .split('/')
      .filter(Boolean)
      .map((p) => decodeURIComponent(p));
    const method = req.method ?? 'GET';
    const read = method === 'GET' || method === 'HEAD';
    if (url.pathname === '/_storage/upload' && method === 'POST') {
      await handleUpload(req, ctx);
      res.writeHead(204);
      res.end();
      return;
    }
    if (parts[0] === '_media' && parts[1] === 'objects' && read) {
      if (serveObject(req, res, parts.slice(2).join('/'), ctx)) return;
      throw new ApiError(404, 'not_found', 'No such object.');
    }
    if (parts[0] === '_media' && parts[1] === 'interviews' && parts.length === 4 && read) return interviewMedia(req, res, url, parts[2]!, parts[3]!);
    if (parts[0] === 'call') {
      if (parts[1] === 'assets' && parts.length === 3 && read && serveAsset(res, parts[2]!)) return;
      if (parts[1] === 'api' && method === 'POST') {
        if (parts.length === 3 && parts[2] === 'sessions') return reply(res, await startSession(req, ctx));
        if (parts.length === 5 && parts[2] === 'sessions' && parts[4] === 'messages') return reply(res, await sendMessage(req, ctx, parts[3]!));
        if (parts.length === 5 && parts[2] === 'sessions' && parts[4] === 'leave') return reply(res, leaveSession(ctx, parts[3]!));
      }
      if (parts[1] === 'embed' && parts.length === 4 && read) return servePage(res, ctx, 'embed', parts[2]!, parts[3]!);
      if (parts.length === 4 && read) return servePage(res, ctx, 'call', parts[2]!, parts[3]!);
    }
    if (url.pathname === '/widget.js' && read) return serveWidget(res);
    if (url.pathname === '/' && read)
      return reply(res, { status: 200, body: { service: 'Research Interview Service sandbox', docs: 'See docs/sandbox.md in the Fieldwork repository.' } });
    throw new ApiError(404, 'not_found', 'Nothing is served at this path.');
  }

  function interviewMedia(req: IncomingMessage, res: ServerResponse, url: URL, interviewId: string, what: string): void {
    const interview = getInterview(db, interviewId);
    const video = interview?.video_key?.startsWith('sample:') ? ctx.media.videos.find((v) => `sample:${v.id}` === interview.video_key) : undefined;
    if (!video) throw new ApiError(404, 'not_found', 'No recording for this interview.');
    if (what === 'thumbnail') return serveFile(req, res, video.thumbnailPath, 'image/jpeg');
    if (what !== 'video') throw new ApiError(404, 'not_found', 'No such media.');
    const check = checkSignedQuery(ctx.signingSecret, url.pathname, url.searchParams, clock.now());
    if (check === 'expired') throw new ApiError(403, 'link_expired', 'This video link has expired. Fetch the interview again for a fresh link.');
    if (check === 'invalid') throw new ApiError(403, 'invalid_signature', 'This video link is not valid.');
    serveFile(req, res, video.path, video.contentType);
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

function routeMiss(status: 404 | 405): ApiError {
  return status === 405 ? new ApiError(405, 'method_not_allowed', 'This method is not allowed here.') : new ApiError(404, 'not_found', 'No such endpoint.');
}

function reply(res: ServerResponse, r: Reply): void {
  if (r.body === undefined) {
    res.writeHead(r.status, r.headers ?? {});
    res.end();
    return;
  }
  sendJson(res, r.status, r.body, r.headers);
}

function truncate(res: ServerResponse, r: Reply): void {
  const text = JSON.stringify(r.body);
  res.writeHead(r.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...r.headers });
  res.write(text.slice(0, Math.floor(text.length / 2)));
  res.destroy();
}

function fail(res: ServerResponse, err: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (err instanceof ApiError) return sendJson(res, err.status, errorPayload(err), err.headers);
  sendJson(res, 500, { error: { code: 'internal_error', message: 'The sandbox hit an unexpected error.' } });
  // Operators should see what broke; this is the sandbox, not the app.
  process.stderr.write(`sandbox: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
}
