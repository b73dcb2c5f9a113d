import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiHandler, SandboxContext } from '../context';
import { getFaults } from '../store/faults';
import { hashKey, orgForKey } from '../store/orgs';
import { ApiError } from './errors';
import type { RateLimiter } from './rate-limit';
import { reply, truncate } from './reply';
import type { Router } from './router';

function routeMiss(status: 404 | 405): ApiError {
  return status === 405 ? new ApiError(405, 'method_not_allowed', 'This method is not allowed here.') : new ApiError(404, 'not_found', 'No such endpoint.');
}

/**
 * An authenticated request: the key, then (for the service's own routes, not the operator's) the rate limit and
 * the injected faults, then the handler. Handlers return a Reply instead of writing it, so the pipeline can
 * inject faults after them.
 */
export async function apiRequest(
  ctx: SandboxContext,
  limiter: RateLimiter | null,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  router: Router<ApiHandler>,
  service: boolean,
): Promise<void> {
  const key = req.headers['x-api-key'];
  const org = typeof key === 'string' && key !== '' ? orgForKey(ctx.db, key) : null;
  if (!org) throw new ApiError(401, 'invalid_api_key', 'The API key is missing, invalid or revoked.');
  if (service && limiter) {
    const taken = limiter.take(hashKey(key as string), ctx.clock.now());
    if (!taken.ok)
      throw new ApiError(
        429,
        'rate_limited',
        'Too many requests. Retry after the time in Retry-After.',
        {},
        { 'retry-after': String(taken.retryAfterSeconds) },
      );
  }
  const faults = getFaults(ctx.db, org.id);
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
  const result = await match.handler(req, match.params, { ...ctx, org, faults }, url);
  // Truncation happens after the handler ran: the change is made but the answer is lost, as on a real network.
  if (faulty && result.body !== undefined && ctx.random() < faults.truncate_rate) return truncate(res, result);
  reply(res, result);
}
