import { firstCharsOf, fold, originalSpan } from '../../../shared/search-fold';
import { withFullSync, type CacheDb } from '../open';
import { indexBacklog } from './search-index';
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

/**
 * The term as a whole-word pattern over folded text (search-fold.ts: any case, any accent, any compatibility
 * form) that takes a possessive ("Ayesha", "ayesha's", "AYESHA’S"); null when nothing is left to look for.
 */
export function mentionPattern(text: string): RegExp | null {
  const words = fold(text.trim()).text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const body = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?:['’]s)?(?![\\p{L}\\p{N}_])`, 'gu');
}

/** The places of `text` in `turn`, as spans of the original turn however folding changed its length. */
export function mentionSpans(turn: string, re: RegExp): { start: number; end: number }[] {
  const f = fold(turn);
  const out: { start: number; end: number }[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(f.text); m; m = re.exec(f.text)) out.push(originalSpan(turn, f, m.index, m.index + m[0].length));
  return out;
}

/**
 * The FTS5 query that narrows the turns to those that may hold every word of the term: each word as any index
 * word that folds to it. The index (unicode61, remove_diacritics) folds case and Latin accents itself but keeps
 * "ß", "ø", full-width letters, ligatures and other scripts' accents; the vocabulary's words that start like the
 * folded word (firstCharsOf) are folded here and kept when they match.
 */
function ftsQuery(db: CacheDb, text: string): string | null {
  // Split as the index splits, but never at a mark folding kept (a kana's voicing mark is part of its letter).
  const words = fold(text)
    .text.split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean);
  if (words.length === 0) return null;
  const range = stmt(db, 'SELECT term FROM turns_vocab WHERE term >= ? AND term < ?').pluck();
  const parts = words.map((w) => {
    const forms = new Set([w]);
    for (const c of firstCharsOf(w)) {
      const next = String.fromCodePoint(c.codePointAt(0)! + 1);
      for (const term of range.iterate(c, next) as IterableIterator<string>) if (fold(term).text === w) forms.add(term);
    }
    return `(${[...forms].map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ')})`;
  });
  return parts.join(' AND ');
}

/**
 * Every mention of `text` in a study's turns, counted per interview, with the first `examples` of each in
 * context, found in any case, accent and compatibility form (search-fold.ts) and highlighted where it is in the
 * original. The search index narrows the turns to those holding the term's words (ftsQuery), and each is
 * checked against the term itself: only those turns are read, never the study's every turn, and only counts and
 * a few examples leave the cache.
 */
export function findMentions(db: CacheDb, args: { projectId: string; text: string; examples?: number }): Mentions {
  const re = mentionPattern(args.text);
  if (!re) return { total: 0, interviews: [] };
  // Mentions in every cached turn: whatever the idle indexer has not reached yet is indexed first.
  indexBacklog(db, {});
  const query = ftsQuery(db, args.text);
  if (!query) return { total: 0, interviews: [] };
  const perInterview = Math.max(1, Math.min(args.examples ?? 3, 20));
  const byInterview = new Map<string, InterviewMentions>();
  let total = 0;
  const rows = stmt(
    db,
    `SELECT t.interview_id, t.idx, CASE WHEN t.time_known = 1 THEN t.start_ms END AS start_ms, t.text
     FROM turns_fts CROSS JOIN transcript_turns t ON t.id = turns_fts.rowid JOIN interviews i ON i.id = t.interview_id
     WHERE turns_fts MATCH ? AND i.project_id = ?`,
  ).raw(true);
  for (const [interviewId, idx, startMs, turn] of rows.iterate(query, args.projectId) as IterableIterator<[string, number, number | null, string]>) {
    for (const m of mentionSpans(turn, re)) {
      let e = byInterview.get(interviewId);
      if (!e) byInterview.set(interviewId, (e = { interview_id: interviewId, count: 0, examples: [] }));
      e.count++;
      total++;
      if (e.examples.length < perInterview) {
        e.examples.push({
          idx,
          start_ms: startMs,
          before: turn.slice(Math.max(0, m.start - CONTEXT), m.start),
          text: turn.slice(m.start, m.end),
          after: turn.slice(m.end, m.end + CONTEXT),
        });
      }
    }
  }
  rows.raw(false);
  for (const e of byInterview.values()) e.examples.sort((a, b) => a.idx - b.idx);
  return { total, interviews: [...byInterview.values()] };
}
