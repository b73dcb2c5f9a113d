import { normaliseTerm, type RedactionKind } from '../../../shared/redaction/detect';
import { withFullSync, type CacheDb } from '../open';
import { stmt } from './stmt';

/**
 * Redaction's rows the researcher writes (migration 0016): decisions on what was found, their own terms, and the
 * encrypted pseudonym mapping. Never touched by sync.
 */

export type RedactionDecision = 'accept' | 'reject';
export type DecisionRow = { kind: RedactionKind; term: string; decision: RedactionDecision; decided_at: string };
export type TermRow = { term: string; text: string; kind: RedactionKind; added_at: string };
export type MappingRow = { key_account: string; iv: Uint8Array; tag: Uint8Array; ciphertext: Uint8Array; updated_at: string };

export function listDecisions(db: CacheDb, args: { projectId: string }): DecisionRow[] {
  return stmt(db, 'SELECT kind, term, decision, decided_at FROM redaction_decisions WHERE project_id = ? ORDER BY kind, term').all(
    args.projectId,
  ) as DecisionRow[];
}

/** Accept or reject every finding of this kind and text; `decision: null` forgets the choice. */
export function decide(
  db: CacheDb,
  args: { projectId: string; kind: RedactionKind; text: string; decision: RedactionDecision | null; now: string },
): DecisionRow | null {
  const term = normaliseTerm(args.kind, args.text);
  return withFullSync(db, () => {
    if (args.decision === null) {
      stmt(db, 'DELETE FROM redaction_decisions WHERE project_id = ? AND kind = ? AND term = ?').run(args.projectId, args.kind, term);
      return null;
    }
    stmt(
      db,
      `INSERT INTO redaction_decisions (project_id, kind, term, decision, decided_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (project_id, kind, term) DO UPDATE SET decision = excluded.decision, decided_at = excluded.decided_at`,
    ).run(args.projectId, args.kind, term, args.decision, args.now);
    return { kind: args.kind, term, decision: args.decision, decided_at: args.now };
  });
}

/** One decision for many terms in one transaction (the review's "Redact all shown"): thousands in one write. */
export function decideMany(
  db: CacheDb,
  args: { projectId: string; items: { kind: RedactionKind; text: string }[]; decision: RedactionDecision; now: string },
): number {
  const put = stmt(
    db,
    `INSERT INTO redaction_decisions (project_id, kind, term, decision, decided_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (project_id, kind, term) DO UPDATE SET decision = excluded.decision, decided_at = excluded.decided_at`,
  );
  return withFullSync(db, () => {
    for (const i of args.items) put.run(args.projectId, i.kind, normaliseTerm(i.kind, i.text), args.decision, args.now);
    return args.items.length;
  });
}

export function listTerms(db: CacheDb, args: { projectId: string }): TermRow[] {
  return stmt(db, 'SELECT term, text, kind, added_at FROM redaction_terms WHERE project_id = ? ORDER BY added_at, term').all(args.projectId) as TermRow[];
}

/** The researcher's own term, found like a participant's name (whole words, any case); added again, it takes the new kind. */
export function addTerm(db: CacheDb, args: { projectId: string; text: string; kind: RedactionKind; now: string }): TermRow {
  const text = args.text.trim().replace(/\s+/g, ' ');
  const term = normaliseTerm('custom', text);
  withFullSync(db, () =>
    stmt(
      db,
      `INSERT INTO redaction_terms (project_id, term, text, kind, added_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (project_id, term) DO UPDATE SET text = excluded.text, kind = excluded.kind`,
    ).run(args.projectId, term, text, args.kind, args.now),
  );
  return stmt(db, 'SELECT term, text, kind, added_at FROM redaction_terms WHERE project_id = ? AND term = ?').get(args.projectId, term) as TermRow;
}

export function removeTerm(db: CacheDb, args: { projectId: string; text: string }): boolean {
  const term = normaliseTerm('custom', args.text);
  return withFullSync(db, () => stmt(db, 'DELETE FROM redaction_terms WHERE project_id = ? AND term = ?').run(args.projectId, term).changes > 0);
}

export function getMapping(db: CacheDb, args: { projectId: string }): MappingRow | null {
  return (
    (stmt(db, 'SELECT key_account, iv, tag, ciphertext, updated_at FROM redaction_mappings WHERE project_id = ?').get(args.projectId) as
      MappingRow | undefined) ?? null
  );
}

export function saveMapping(db: CacheDb, args: { projectId: string } & MappingRow): void {
  withFullSync(db, () =>
    stmt(
      db,
      `INSERT INTO redaction_mappings (project_id, key_account, iv, tag, ciphertext, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (project_id) DO UPDATE SET key_account = excluded.key_account, iv = excluded.iv, tag = excluded.tag,
         ciphertext = excluded.ciphertext, updated_at = excluded.updated_at`,
    ).run(args.projectId, args.key_account, Buffer.from(args.iv), Buffer.from(args.tag), Buffer.from(args.ciphertext), args.updated_at),
  );
}
