/**
 * The retry policy, as pure functions so it can be tested with a fake clock.
 * Only idempotent requests are retried; a request that charges money (launch) never is.
 */
export type RetryPolicy = {
  maxAttempts: number;
  baseDelayMs: number;
  maxBackoffMs: number;
  /** A Retry-After longer than this is not waited out: the call fails and says when to come back. */
  maxRetryAfterMs: number;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 500,
  maxBackoffMs: 30_000,
  maxRetryAfterMs: 15 * 60_000,
};

/** Retry-After as delta-seconds or an HTTP-date, in milliseconds from `nowMs`; null if absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, nowMs: number): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined) return null;
  const v = raw.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  if (/^\d+\.\d+$/.test(v)) return Math.ceil(Number(v) * 1000);
  const date = Date.parse(v);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - nowMs);
}

export const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);

/**
 * How long to wait before attempt `attempt + 1` (attempt counts from 1). The service's Retry-After
 * is honoured in full; only a little jitter is ever added on top of it, never taken off. Without one,
 * exponential backoff with jitter between half and the whole of the step.
 */
export function retryDelayMs(policy: RetryPolicy, attempt: number, retryAfterMs: number | null, random: () => number): number {
  if (retryAfterMs !== null) return retryAfterMs + Math.floor(random() * 250);
  const step = Math.min(policy.maxBackoffMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(step / 2 + random() * (step / 2));
}
