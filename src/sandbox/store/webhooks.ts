import type { SandboxDb } from './db';

export type Webhook = { id: string; org_id: string; url: string; secret: string };
export type Delivery = {
  id: string;
  webhook_id: string;
  payload: string;
  attempts: number;
  next_at: number;
  status: 'pending' | 'delivered' | 'failed';
  last_status: number | null;
  last_error: string | null;
};

export function insertWebhook(db: SandboxDb, w: Webhook, nowIso: string): void {
  db.prepare('INSERT INTO webhooks (id, org_id, url, secret, created_at) VALUES (?, ?, ?, ?, ?)').run(w.id, w.org_id, w.url, w.secret, nowIso);
}

export function webhooksForOrg(db: SandboxDb, orgId: string): Webhook[] {
  return db.prepare('SELECT id, org_id, url, secret FROM webhooks WHERE org_id = ?').all(orgId) as Webhook[];
}

export function getWebhook(db: SandboxDb, id: string): Webhook | null {
  return (db.prepare('SELECT id, org_id, url, secret FROM webhooks WHERE id = ?').get(id) as Webhook | undefined) ?? null;
}

export function enqueueDelivery(db: SandboxDb, d: Pick<Delivery, 'id' | 'webhook_id' | 'payload' | 'next_at'>): void {
  db.prepare("INSERT INTO webhook_deliveries (id, webhook_id, payload, next_at, status) VALUES (?, ?, ?, ?, 'pending')").run(
    d.id,
    d.webhook_id,
    d.payload,
    d.next_at,
  );
}

export function dueDeliveries(db: SandboxDb, now: number, limit = 20): Delivery[] {
  return db.prepare("SELECT * FROM webhook_deliveries WHERE status = 'pending' AND next_at <= ? ORDER BY next_at LIMIT ?").all(now, limit) as Delivery[];
}

export function recordAttempt(db: SandboxDb, d: Delivery): void {
  db.prepare('UPDATE webhook_deliveries SET attempts = ?, next_at = ?, status = ?, last_status = ?, last_error = ? WHERE id = ?').run(
    d.attempts,
    d.next_at,
    d.status,
    d.last_status,
    d.last_error,
    d.id,
  );
}

export function deliveriesForOrg(db: SandboxDb, orgId: string): Delivery[] {
  return db.prepare('SELECT d.* FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id WHERE w.org_id = ? ORDER BY d.rowid').all(orgId) as Delivery[];
}
