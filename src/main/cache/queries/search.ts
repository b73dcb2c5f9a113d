import type { CacheDb } from '../open';

export type SearchHit = {
  kind: 'turn' | 'quote';
  project_id: string;
  project_title: string;
  interview_id: string | null;
  participant_name: string | null;
  role: string | null;
  start_ms: number | null;
  /** The matching text around the hit; matched terms are wrapped in MARK_START / MARK_END. */
  snippet: string;
  rank: number;
};

/** Control characters that never occur in text, so the renderer can mark matches without parsing HTML. */
export const MARK_START = '\u0002';
export const MARK_END = '\u0003';

/**
 * Turns what a researcher types into a safe FTS5 query: words become quoted terms (so `-`, `:` or `OR`
 * in the text are never operators), "quoted phrases" stay phrases, and the last word matches as a
 * prefix so results appear while typing. Returns null when nothing searchable remains.
 */
export function toFtsQuery(input: string): string | null {
  const parts: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  let m: RegExpExecArray | null;
  let lastWasWord = false;
  while ((m = re.exec(input)) !== null) {
    if (m[1] !== undefined) {
      const words = tokens(m[1]);
      if (words.length) parts.push(`"${words.join(' ')}"`);
      lastWasWord = false;
    } else {
      const words = tokens(m[2]!);
      for (const w of words) parts.push(`"${w}"`);
      lastWasWord = words.length > 0;
    }
  }
  if (parts.length === 0) return null;
  const trailingSpace = /\s$/.test(input);
  if (lastWasWord && !trailingSpace) parts[parts.length - 1] = `${parts[parts.length - 1]}*`;
  return parts.join(' ');
}

function tokens(s: string): string[] {
  return s
    .split(/[^\p{L}\p{N}]+/u)
    .map((w) => w.trim())
    .filter(Boolean);
}

export type SearchArgs = { query: string; projectId?: string; role?: 'AI' | 'User'; kind?: 'turn' | 'quote'; limit?: number };

/**
 * How many of the newest matches are ranked. Ranking every match of a very common word (hundreds of
 * thousands of turns) takes hundreds of milliseconds; FTS5 walks matches newest-first lazily, so ranking
 * the newest few thousand keeps every query fast. Queries with fewer matches are ranked exactly.
 */
export const RANKED_CANDIDATES = 2000;

type Candidate = { rowid: number; rank: number };

/** Ranked hits across transcript turns and report quotes (bm25; turns and quotes interleaved by rank). */
export function search(db: CacheDb, args: SearchArgs): SearchHit[] {
  const fts = toFtsQuery(args.query);
  if (!fts) return [];
  const limit = Math.min(Math.max(args.limit ?? 50, 1), 500);
  const filtered = !!args.projectId || !!args.role;
  const candidates = filtered ? RANKED_CANDIDATES * 3 : RANKED_CANDIDATES;
  const hits: SearchHit[] = [];
  if (args.kind !== 'quote') {
    const rows = db
      .prepare(
        `WITH c AS (SELECT rowid, bm25(turns_fts) AS rank FROM turns_fts WHERE turns_fts MATCH @fts ORDER BY rowid DESC LIMIT @candidates)
         SELECT c.rowid, c.rank, 'turn' AS kind, i.project_id, p.title AS project_title, t.interview_id, i.participant_name, t.role, t.start_ms
         FROM c
         JOIN transcript_turns t ON t.id = c.rowid
         JOIN interviews i ON i.id = t.interview_id
         JOIN projects p ON p.id = i.project_id
         ${filtered ? `WHERE ${[args.projectId ? 'i.project_id = @projectId' : '', args.role ? 't.role = @role' : ''].filter(Boolean).join(' AND ')}` : ''}
         ORDER BY c.rank LIMIT @limit`,
      )
      .all({ fts, candidates, projectId: args.projectId ?? null, role: args.role ?? null, limit }) as (Omit<SearchHit, 'snippet'> & Candidate)[];
    const snippets = snippetsFor(db, 'turns_fts', fts, rows);
    hits.push(...rows.map(({ rowid, ...h }) => ({ ...h, snippet: snippets.get(rowid) ?? '' })));
  }
  if (args.kind !== 'turn' && !args.role) {
    const rows = db
      .prepare(
        `WITH c AS (SELECT rowid, bm25(quotes_fts) AS rank FROM quotes_fts WHERE quotes_fts MATCH @fts ORDER BY rowid DESC LIMIT @candidates)
         SELECT c.rowid, c.rank, 'quote' AS kind, q.project_id, p.title AS project_title, NULL AS interview_id, NULL AS participant_name, NULL AS role, NULL AS start_ms
         FROM c JOIN report_quotes q ON q.id = c.rowid JOIN projects p ON p.id = q.project_id
         ${args.projectId ? 'WHERE q.project_id = @projectId' : ''}
         ORDER BY c.rank LIMIT @limit`,
      )
      .all({ fts, candidates, projectId: args.projectId ?? null, limit }) as (Omit<SearchHit, 'snippet'> & Candidate)[];
    const snippets = snippetsFor(db, 'quotes_fts', fts, rows);
    hits.push(...rows.map(({ rowid, ...h }) => ({ ...h, snippet: snippets.get(rowid) ?? '' })));
  }
  return hits.sort((a, b) => a.rank - b.rank).slice(0, limit);
}

/** Snippets only for the rows being returned: building them is the costly part of a search. */
function snippetsFor(db: CacheDb, table: 'turns_fts' | 'quotes_fts', fts: string, rows: { rowid: number }[]): Map<number, string> {
  if (rows.length === 0) return new Map();
  const found = db
    .prepare(
      `SELECT rowid, snippet(${table}, 0, '${MARK_START}', '${MARK_END}', '…', 16) AS snippet FROM ${table}
       WHERE ${table} MATCH ? AND rowid IN (SELECT value FROM json_each(?))`,
    )
    .all(fts, JSON.stringify(rows.map((r) => r.rowid))) as { rowid: number; snippet: string }[];
  return new Map(found.map((r) => [r.rowid, r.snippet]));
}

/**
 * Finds where a report quote was said: the participant turn in the project's cached transcripts that
 * contains it, best match first. Used to jump from a quote to the moment in the video.
 */
export function locateQuote(db: CacheDb, args: { projectId: string; quote: string }): { interview_id: string; turn_index: number; start_ms: number } | null {
  const fts = toFtsQuery(`"${args.quote.replace(/"/g, ' ')}"`);
  if (!fts) return null;
  const row = db
    .prepare(
      `SELECT t.interview_id, t.idx AS turn_index, t.start_ms, t.text
       FROM turns_fts JOIN transcript_turns t ON t.id = turns_fts.rowid JOIN interviews i ON i.id = t.interview_id
       WHERE turns_fts MATCH ? AND i.project_id = ? AND t.role = 'User'
       ORDER BY bm25(turns_fts) LIMIT 1`,
    )
    .get(fts.replace(/\*$/, ''), args.projectId) as { interview_id: string; turn_index: number; start_ms: number } | undefined;
  return row ? { interview_id: row.interview_id, turn_index: row.turn_index, start_ms: row.start_ms } : null;
}
