import { Agent, request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { errorBody } from '../../shared/schemas/errors';
import { silentLogger, type Logger } from '../logging/logger';
import { defaultCode, defaultMessage, ServiceError } from './errors';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, RETRYABLE_STATUSES, retryDelayMs, type RetryPolicy } from './retry';

export type TransportOptions = {
  baseUrl: string;
  /** Read at each request, so the key lives in one place (the secret store) and is never copied around. */
  apiKey: () => string;
  dispatcher?: Dispatcher;
  retry?: Partial<RetryPolicy>;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  attemptTimeoutMs?: number;
  maxResponseBytes?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
  log?: Logger;
  userAgent?: string;
};

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
export type Query = Record<string, string | number | boolean | undefined>;

export type RequestSpec<S extends z.ZodType> = {
  method: Method;
  path: string;
  query?: Query;
  body?: unknown;
  schema: S;
  /** Safe to send twice. Defaults to true for GET only; launch and other charges are never retried. */
  idempotent?: boolean;
  signal?: AbortSignal | undefined;
};

export type Transport = {
  send<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>>;
  readonly baseUrl: string;
  readonly dispatcher: Dispatcher;
  close(): Promise<void>;
};

export const abortableSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new ServiceError(0, 'aborted', 'Cancelled.'));
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new ServiceError(0, 'aborted', 'Cancelled.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** The options with their defaults filled in, and the dispatcher made when none was given. */
type Settings = {
  policy: RetryPolicy;
  headersTimeout: number;
  bodyTimeout: number;
  attemptTimeout: number;
  maxBytes: number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
  random: () => number;
  log: Logger;
  dispatcher: Dispatcher;
  base: string;
  host: string;
  /** Read at each request: the key (never copied here) and the user agent. */
  opts: TransportOptions;
};

function settingsOf(opts: TransportOptions): Settings {
  const headersTimeout = opts.headersTimeoutMs ?? 30_000;
  const bodyTimeout = opts.bodyTimeoutMs ?? 60_000;
  const base = opts.baseUrl.replace(/\/+$/, '');
  return {
    policy: { ...DEFAULT_RETRY_POLICY, ...opts.retry },
    headersTimeout,
    bodyTimeout,
    attemptTimeout: opts.attemptTimeoutMs ?? 120_000,
    maxBytes: opts.maxResponseBytes ?? 64 * 1024 * 1024,
    sleep: opts.sleep ?? abortableSleep,
    now: opts.now ?? Date.now,
    random: opts.random ?? Math.random,
    log: opts.log ?? silentLogger,
    // No redirect interceptor: undici would carry x-api-key across origins, so a 3xx is an error instead.
    dispatcher: opts.dispatcher ?? new Agent({ connections: 16, headersTimeout, bodyTimeout, connect: { timeout: 10_000 } }),
    base,
    host: safeHost(base),
    opts,
  };
}

/** An answer's body checked against the request's schema: a redirect, an error status, bad JSON or a wrong shape throws. */
function answerOf<S extends z.ZodType>(schema: S, status: number, text: string, retryAfterMs: number | null): z.output<S> {
  if (status >= 300 && status < 400) {
    throw new ServiceError(
      status,
      'unexpected_redirect',
      'The service tried to send the request elsewhere. Fieldwork does not follow redirects, so your key stays with this service. Check the service address.',
    );
  }
  if (status >= 400) throw errorFrom(status, text, retryAfterMs);
  let json: unknown;
  if (text.trim() === '') json = undefined;
  else {
    try {
      json = JSON.parse(text);
    } catch {
      throw new ServiceError(status, 'unreadable_response', 'The service sent an answer that is not valid JSON.', {}, retryAfterMs);
    }
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success && json === undefined) {
    // 204, or 200 with nothing in it: said as such, so a caller can tell "nothing there" from "unreadable".
    throw new ServiceError(status, 'empty_response', 'The service answered with no content.');
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ServiceError(status, 'invalid_response', 'The service sent data in a shape Fieldwork does not understand.', {
      issue: issue ? `${issue.path.join('.')}: ${issue.message}` : 'unknown',
    });
  }
  return parsed.data;
}

/** One attempt: the request sent with the key, its answer read up to the cap and checked. */
async function sendOnce<S extends z.ZodType>(c: Settings, spec: RequestSpec<S>): Promise<z.output<S>> {
  const url = c.base + spec.path + queryString(spec.query);
  const signals = [AbortSignal.timeout(c.attemptTimeout), ...(spec.signal ? [spec.signal] : [])];
  const signal = AbortSignal.any(signals);
  const headers: Record<string, string> = {
    'x-api-key': c.opts.apiKey(),
    accept: 'application/json',
    'user-agent': c.opts.userAgent ?? 'Fieldwork',
  };
  let payload: string | undefined;
  if (spec.body !== undefined) {
    payload = JSON.stringify(spec.body);
    headers['content-type'] = 'application/json';
  }
  const { dispatcher, headersTimeout, bodyTimeout } = c;
  let res: Dispatcher.ResponseData;
  try {
    res = await request(url, { method: spec.method, headers, body: payload ?? null, dispatcher, signal, headersTimeout, bodyTimeout });
  } catch (e) {
    throw networkError(e, spec.signal, c.host);
  }
  const status = res.statusCode;
  const retryAfterMs = parseRetryAfter(res.headers['retry-after'], c.now());
  let text: string;
  try {
    text = await readCapped(res.body, c.maxBytes);
  } catch (e) {
    if (e instanceof ServiceError) throw e;
    throw new ServiceError(status, 'truncated_response', 'The connection dropped before the whole answer arrived.', {}, retryAfterMs);
  }
  return answerOf(spec.schema, status, text, retryAfterMs);
}

/** Sends with retries: only an idempotent request, only on a transient error, waiting as the policy says. */
async function sendRetrying<S extends z.ZodType>(c: Settings, spec: RequestSpec<S>): Promise<z.output<S>> {
  const { policy, now, log, sleep } = c;
  const idempotent = spec.idempotent ?? spec.method === 'GET';
  for (let attempt = 1; ; attempt++) {
    const started = now();
    try {
      const out = await sendOnce(c, spec);
      log.debug('api', { method: spec.method, path: spec.path, attempt, ms: now() - started });
      return out;
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      log.info('api error', { method: spec.method, path: spec.path, attempt, status: e.status, code: e.code, ms: now() - started });
      const retryable = idempotent && isTransient(e) && attempt < policy.maxAttempts;
      if (!retryable) throw e;
      if (e.retryAfterMs !== null && e.retryAfterMs > policy.maxRetryAfterMs) {
        throw new ServiceError(
          e.status,
          e.code,
          `The service asked Fieldwork to wait ${Math.ceil(e.retryAfterMs / 60_000)} minutes before trying again.`,
          {},
          e.retryAfterMs,
        );
      }
      await sleep(retryDelayMs(policy, attempt, e.retryAfterMs, c.random), spec.signal);
    }
  }
}

export function createTransport(opts: TransportOptions): Transport {
  const ownsDispatcher = !opts.dispatcher;
  const c = settingsOf(opts);
  return {
    send: (spec) => sendRetrying(c, spec),
    baseUrl: c.base,
    dispatcher: c.dispatcher,
    close: async () => {
      if (ownsDispatcher) await c.dispatcher.close();
    },
  };
}

export function isTransient(e: ServiceError): boolean {
  if (e.code === 'aborted') return false;
  if (['network_error', 'timeout', 'truncated_response', 'unreadable_response'].includes(e.code)) return true;
  return RETRYABLE_STATUSES.has(e.status);
}

function queryString(q: Query | undefined): string {
  if (!q) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

async function readCapped(body: Dispatcher.ResponseData['body'], max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > max) {
      body.destroy();
      throw new ServiceError(
        0,
        'response_too_large',
        `The service sent more than ${Math.round(max / 1024 / 1024)} MB in one answer; Fieldwork stopped reading it.`,
      );
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function errorFrom(status: number, text: string, retryAfterMs: number | null): ServiceError {
  let body: ReturnType<typeof errorBody.parse> | null = null;
  try {
    const parsed = errorBody.safeParse(JSON.parse(text));
    if (parsed.success) body = parsed.data;
  } catch {
    // Not JSON (an HTML error page from a proxy, say): the status alone has to speak.
  }
  const details: Record<string, unknown> = {};
  if (body?.balance_available !== null && body?.balance_available !== undefined) details.balance_available = body.balance_available;
  if (body?.balance_required !== null && body?.balance_required !== undefined) details.balance_required = body.balance_required;
  if (body?.shortfall !== null && body?.shortfall !== undefined) details.shortfall = body.shortfall;
  if (body?.details !== undefined) details.service_details = body.details;
  return new ServiceError(status, body?.code ?? defaultCode(status), body?.message ?? defaultMessage(status), details, retryAfterMs);
}

function networkError(e: unknown, userSignal: AbortSignal | undefined, host: string): ServiceError {
  if (userSignal?.aborted) return new ServiceError(0, 'aborted', 'Cancelled.');
  const code = (e as { code?: string } | null)?.code ?? '';
  const name = (e as { name?: string } | null)?.name ?? '';
  if (name === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return new ServiceError(0, 'timeout', `The service at ${host} took too long to answer. Check your connection and try again.`);
  }
  return new ServiceError(0, 'network_error', `Fieldwork can't reach the service at ${host}. Check your connection and try again.`, {
    cause: code || name,
  });
}

function safeHost(base: string): string {
  try {
    return new URL(base).host;
  } catch {
    return base;
  }
}
