import { withFullSync, type CacheDb } from '../open';
import { indexBacklog } from './search-index';
import { tokens } from './search-terms';
import { stmt } from './stmt';

/**
 * The Redaction review's own reads and marks (issue 21 §2): every mention of a term across a study's turns
 * ("Find every mention"), and the researcher's "reviewed" marks per interview (migration 0022, their data:
 * no sync writes it).
 */

export type ReviewedRow = { interview_id: string; reviewed_at: string; findings_hash: string; findings: number };

export function listReviewed(db: CacheDb, args: { projectId: string }): ReviewedRow[] {
  return stmt(db, 'SELECT interview_id, reviewed_at, findings_hash, findings FROM redaction_reviewed WHERE project_id = ? ORDER BY interview_id').all(
    args.projectId,
  ) as ReviewedRow[];
}

/** Marks an interview reviewed with what was found in it then; `hash: null` takes the mark away. */
export function markReviewed(
  db: CacheDb,
  args: { projectId: string; interviewId: string; hash: string | null; findings: number; now: string },
): ReviewedRow | null {
  return withFullSync(db, () => {
    if (args.hash === null) {
      stmt(db, 'DELETE FROM redaction_reviewed WHERE project_id = ? AND interview_id = ?').run(args.projectId, args.interviewId);
      return null;
    }
    stmt(
      db,
      `INSERT INTO redaction_reviewed (project_id, interview_id, reviewed_at, findings_hash, findings) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (project_id, interview_id) DO UPDATE SET reviewed_at = excluded.reviewed_at, findings_hash = excluded.findings_hash,
         findings = excluded.findings`,
    ).run(args.projectId, args.interviewId, args.now, args.hash, args.findings);
    return { interview_id: args.interviewId, reviewed_at: args.now, findings_hash: args.hash, findings: args.findings };
  });
}

/** Characters of context either side of a mention. */
const CONTEXT = 60;

export type MentionExample = { idx: number; start_ms: number | null; before: string; text: string; after: string };
export type InterviewMentions = { interview_id: string; count: number; examples: MentionExample[] };
export type Mentions = { total: number; interviews: InterviewMentions[] };

/** The term as a whole-word, any-case pattern that takes a possessive ("Ayesha", "ayesha's", "AYESHA’S"). */
export function mentionPattern(text: string): RegExp | null {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const body = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?:['’]s)?(?![\\p{L}\\p{N}_])`, 'giu');
}

/**
 * Every mention of `text` in a study's turns, counted per interview, with the first `examples` of each in
 * context. The search index narrows the turns to those holding the term's words as a phrase (any case, a
 * possessive's "'s" is a word of its own there), and each is checked against the term itself: only those
 * turns are read, never the study's every turn, and only counts and a few examples leave the cache.
 */
export function findMentions(db: CacheDb, args: { projectId: string; text: string; examples?: number }): Mentions {
  const re = mentionPattern(args.text);
  const words = tokens(args.text.toLowerCase());
  if (!re || words.length === 0) return { total: 0, interviews: [] };
  // Mentions in every cached turn: whatever the idle indexer has not reached yet is indexed first.
  indexBacklog(db, {});
  const perInterview = Math.max(1, Math.min(args.examples ?? 3, 20));
  const byInterview = new Map<string, InterviewMentions>();
  let total = 0;
  const rows = stmt(
    db,
    `SELECT t.interview_id, t.idx, CASE WHEN t.time_known = 1 THEN t.start_ms END AS start_ms, t.text
     FROM turns_fts CROSS JOIN transcript_turns t ON t.id = turns_fts.rowid JOIN interviews i ON i.id = t.interview_id
     WHERE turns_fts MATCH ? AND i.project_id = ?`,
  ).raw(true);
  const phrase = `"${words.join(' ')}"`;
  for (const [interviewId, idx, startMs, turn] of rows.iterate(phrase, args.projectId) as IterableIterator<[string, number, number | null, string]>) {
    re.lastIndex = 0;
    for (let m = re.exec(turn); m; m = re.exec(turn)) {
      let e = byInterview.get(interviewId);
      if (!e) byInterview.set(interviewId, (e = { interview_id: interviewId, count: 0, examples: [] }));
      e.count++;
      total++;
      if (e.examples.length < perInterview) {
        e.examples.push({
          idx,
          start_ms: startMs,
          before: turn.slice(Math.max(0, m.index - CONTEXT), m.index),
          text: m[0],
          after: turn.slice(m.index + m[0].length, m.index + m[0].length + CONTEXT),
        });
      }
    }
  }
  rows.raw(false);
  for (const e of byInterview.values()) e.examples.sort((a, b) => a.idx - b.idx);
  return { total, interviews: [...byInterview.values()] };
}
