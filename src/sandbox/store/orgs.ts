import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { SandboxDb } from './db';

export type OrgContext = { company_info?: string; product_summary?: string; churn_context?: string };
export type Org = {
  id: string;
  name: string;
  balance_cents: number;
  trial_credits: number;
  context: OrgContext;
  ai_enabled: boolean;
  video_url_ttl_seconds: number | null;
  report_duration_ms: number | null;
};

type OrgRow = {
  id: string;
  name: string;
  balance_cents: number;
  trial_credits: number;
  context_json: string;
  ai_enabled: number;
  video_url_ttl_seconds: number | null;
  report_duration_ms: number | null;
};

const toOrg = (r: OrgRow): Org => ({
  id: r.id,
  name: r.name,
  balance_cents: r.balance_cents,
  trial_credits: r.trial_credits,
  context: JSON.parse(r.context_json) as OrgContext,
  ai_enabled: r.ai_enabled === 1,
  video_url_ttl_seconds: r.video_url_ttl_seconds,
  report_duration_ms: r.report_duration_ms,
});

export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

export function newApiKey(): string {
  return `sk_sbx_${randomBytes(24).toString('base64url')}`;
}

export function createOrganisation(
  db: SandboxDb,
  input: { name: string; balance_cents: number; trial_credits: number; context?: OrgContext; api_key?: string },
  nowIso: string,
): { organisation_id: string; api_key: string } {
  const id = randomUUID();
  const key = input.api_key ?? newApiKey();
  db.transaction(() => {
    db.prepare('INSERT INTO organisations (id, name, balance_cents, trial_credits, context_json, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      id,
      input.name,
      input.balance_cents,
      input.trial_credits,
      JSON.stringify(input.context ?? {}),
      nowIso,
    );
    db.prepare('INSERT INTO api_keys (key_hash, org_id, created_at) VALUES (?, ?, ?)').run(hashKey(key), id, nowIso);
  })();
  return { organisation_id: id, api_key: key };
}

export function issueKey(db: SandboxDb, orgId: string, nowIso: string, key = newApiKey()): string {
  db.prepare('INSERT INTO api_keys (key_hash, org_id, created_at) VALUES (?, ?, ?)').run(hashKey(key), orgId, nowIso);
  return key;
}

export function revokeKey(db: SandboxDb, key: string): boolean {
  return db.prepare('UPDATE api_keys SET revoked = 1 WHERE key_hash = ?').run(hashKey(key)).changes > 0;
}

export function orgForKey(db: SandboxDb, key: string): Org | null {
  const row = db.prepare('SELECT o.* FROM api_keys k JOIN organisations o ON o.id = k.org_id WHERE k.key_hash = ? AND k.revoked = 0').get(hashKey(key)) as
    OrgRow | undefined;
  return row ? toOrg(row) : null;
}

export function getOrg(db: SandboxDb, id: string): Org | null {
  const row = db.prepare('SELECT * FROM organisations WHERE id = ?').get(id) as OrgRow | undefined;
  return row ? toOrg(row) : null;
}

export function listOrgs(db: SandboxDb): Org[] {
  return (db.prepare('SELECT * FROM organisations ORDER BY created_at').all() as OrgRow[]).map(toOrg);
}

export function updateOrg(
  db: SandboxDb,
  id: string,
  patch: Partial<Pick<Org, 'balance_cents' | 'trial_credits' | 'context' | 'ai_enabled' | 'video_url_ttl_seconds' | 'report_duration_ms' | 'name'>>,
): Org {
  const cur = getOrg(db, id);
  if (!cur) throw new Error(`organisation ${id} vanished`);
  const next = { ...cur, ...patch };
  db.prepare(
    `UPDATE organisations SET name = ?, balance_cents = ?, trial_credits = ?, context_json = ?, ai_enabled = ?,
     video_url_ttl_seconds = ?, report_duration_ms = ? WHERE id = ?`,
  ).run(
    next.name,
    next.balance_cents,
    next.trial_credits,
    JSON.stringify(next.context),
    next.ai_enabled ? 1 : 0,
    next.video_url_ttl_seconds,
    next.report_duration_ms,
    id,
  );
  return next;
}
