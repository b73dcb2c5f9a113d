import type { SandboxDb } from './db';

/** Operator switches for fault injection, per organisation so parallel tests do not disturb each other. */
export type Faults = {
  rate_429: number;
  rate_5xx: number;
  latency_ms: number;
  truncate_rate: number;
  /** Extensions: generate-questions answers 502 at this rate; a new report FAILs at this rate. */
  generation_failure_rate: number;
  report_failure_rate: number;
  retry_after_seconds: number;
  /** Limits the transport faults (latency, 429, 5xx, truncation) to these methods; empty means all. */
  fault_methods: string[];
};

export const NO_FAULTS: Faults = {
  rate_429: 0,
  rate_5xx: 0,
  latency_ms: 0,
  truncate_rate: 0,
  generation_failure_rate: 0,
  report_failure_rate: 0,
  retry_after_seconds: 1,
  fault_methods: [],
};

export function getFaults(db: SandboxDb, orgId: string): Faults {
  const row = db.prepare('SELECT json FROM faults WHERE org_id = ?').get(orgId) as { json: string } | undefined;
  return row ? { ...NO_FAULTS, ...(JSON.parse(row.json) as Partial<Faults>) } : NO_FAULTS;
}

export function setFaults(db: SandboxDb, orgId: string, faults: Faults): void {
  db.prepare('INSERT OR REPLACE INTO faults (org_id, json) VALUES (?, ?)').run(orgId, JSON.stringify(faults));
}
