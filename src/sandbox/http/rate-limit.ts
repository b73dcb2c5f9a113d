/** A token bucket per API key: `capacity` requests at once, refilled at `refillPerSecond`. */
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly capacity: number,
    private readonly refillPerSecond: number,
  ) {}

  /** Takes a token, or says how many seconds until one is available. */
  take(key: string, nowMs: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const b = this.buckets.get(key) ?? { tokens: this.capacity, at: nowMs };
    const tokens = Math.min(this.capacity, b.tokens + ((nowMs - b.at) / 1000) * this.refillPerSecond);
    if (tokens >= 1) {
      this.buckets.set(key, { tokens: tokens - 1, at: nowMs });
      return { ok: true };
    }
    this.buckets.set(key, { tokens, at: nowMs });
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / this.refillPerSecond)) };
  }
}
