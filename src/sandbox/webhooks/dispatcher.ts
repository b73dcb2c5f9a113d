import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import type { SandboxDb } from '../store/db';
import { dueDeliveries, enqueueDelivery, getWebhook, recordAttempt, webhooksForOrg, type Delivery } from '../store/webhooks';
import { signWebhook } from './signature';

/** Delays before each attempt; a delivery that fails them all is marked failed. Stored, so restarts resume. */
export const DEFAULT_RETRY_SCHEDULE_MS = [0, 5_000, 30_000, 120_000, 600_000];

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{ status: number }>;

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly db: SandboxDb,
    private readonly clock: Clock,
    private readonly schedule: number[] = DEFAULT_RETRY_SCHEDULE_MS,
    private readonly fetchImpl: FetchLike = (url, init) => fetch(url, init),
  ) {}

  enqueue(orgId: string, payload: unknown): number {
    const body = JSON.stringify(payload);
    const hooks = webhooksForOrg(this.db, orgId);
    for (const hook of hooks) {
      enqueueDelivery(this.db, {
        id: `msg_${randomUUID().replace(/-/g, '')}`,
        webhook_id: hook.id,
        payload: body,
        next_at: this.clock.now() + (this.schedule[0] ?? 0),
      });
    }
    if (hooks.length > 0) queueMicrotask(() => void this.tick());
    return hooks.length;
  }

  start(intervalMs = 200): void {
    this.timer ??= setInterval(() => void this.tick(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Delivers everything due; never runs twice at once. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (const d of dueDeliveries(this.db, this.clock.now())) await this.attempt(d);
    } finally {
      this.running = false;
    }
  }

  private async attempt(d: Delivery): Promise<void> {
    const hook = getWebhook(this.db, d.webhook_id);
    if (!hook) return;
    const ts = Math.floor(this.clock.now() / 1000);
    const next: Delivery = { ...d, attempts: d.attempts + 1 };
    try {
      const res = await this.fetchImpl(hook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': d.id,
          'webhook-timestamp': String(ts),
          'webhook-signature': signWebhook(hook.secret, d.id, ts, d.payload),
        },
        body: d.payload,
        signal: AbortSignal.timeout(5_000),
      });
      next.last_status = res.status;
      next.last_error = null;
      if (res.status >= 200 && res.status < 300) next.status = 'delivered';
    } catch (err) {
      next.last_status = null;
      next.last_error = err instanceof Error ? err.message : String(err);
    }
    if (next.status !== 'delivered') {
      const delay = this.schedule[next.attempts];
      if (delay === undefined) next.status = 'failed';
      else next.next_at = this.clock.now() + delay;
    }
    recordAttempt(this.db, next);
  }
}
