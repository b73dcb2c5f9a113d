import type { SearchHitView } from '../../../shared/ipc/channels/search';
import { participantCode } from '../../../shared/participant-code';
import type { CacheDb } from '../open';
import { stampedMemo } from './data-stamp';
import { MARK_END, MARK_START } from './search-marks';
import { indexBacklog } from './search-index';
import { collapseQuestions } from './search-questions';
import { toFtsQuery, tokens } from './search-terms';
import { stmt } from './stmt';

/** A hit as the IPC view carries it (matched terms wrapped in MARK_START / MARK_END), plus its rank. */
export type SearchHit = SearchHitView & { rank: number };

/** How many completions a prefix expands to; a very short prefix keeps only its most frequent words. */
export const PREFIX_EXPANSIONS = 24;

/** Completions kept while the cache is unchanged: counting a short prefix's words reads all their matches (9 ms for "the"). */
const completionMemo = stampedMemo<string[]>(500);

/** The most frequent indexed words starting with `prefix` (diacritics folded, as the index stores them). */
function completions(db: CacheDb, vocab: 'turns_vocab' | 'quotes_vocab', prefix: string): string[] {
  const folded = prefix.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  if (folded === '') return [];
  const memo = completionMemo(db);
  const key = `${vocab}\u0000${folded}`;
  const known = memo.get(key);
  if (known) return known;
  const upper = folded.slice(0, -1) + String.fromCodePoint(folded.codePointAt(folded.length - 1)! + 1);
  const terms = stmt(db, `SELECT term FROM ${vocab} WHERE term >= ? AND term < ? ORDER BY doc DESC LIMIT ${PREFIX_EXPANSIONS}`)
    .pluck()
    .all(folded, upper) as string[];
  memo.set(key, terms);
  return terms;
}

export type SearchArgs = { query: string; projectId?: string; role?: 'AI' | 'User'; kind?: 'turn' | 'quote' | 'highlight'; limit?: number };

/**
 * Ranking. bm25 weighs each term by how many turns contain it, which means reading every match of every
 * term: for a word in a quarter of all turns that alone takes longer than a keystroke. So a query is
 * first probed: with at most RANKED_CANDIDATES matches it is ranked exactly by bm25 (cheap when matches
 * are few); with more, the newest COMMON_CANDIDATES matches are scored by how densely they use the query's
 * words (bm25 without its per-term weights, which barely differ between very common words) and the
 * newest win ties. FTS5 reads newest-first lazily, so neither path reads a common word's whole list.
 */
export const RANKED_CANDIDATES = 1000;
export const COMMON_CANDIDATES = 300;

type Candidate = { rowid: number; rank: number };
type Row = Omit<SearchHit, 'snippet'> & Candidate;

/**
 * Ranked hits across transcript turns, report quotes and the researcher's highlights, interleaved by rank.
 * An interviewer question asked word for word in several interviews of a study is one result that lists
 * them (kind 'question'), so a guide's questions never fill the results; more turns are read than asked
 * for, so collapsing them still leaves a full page.
 */
export function search(db: CacheDb, args: SearchArgs): SearchHit[] {
  if (!toFtsQuery(args.query)) return [];
  // A search sees every cached turn: whatever the idle indexer has not reached yet is indexed first.
  indexBacklog(db, {});
  const limit = Math.min(Math.max(args.limit ?? 50, 1), 500);
  const words = tokens(
    args.query
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase(),
  );
  const hits: SearchHit[] = [];
  if (args.kind === undefined || args.kind === 'turn') {
    // Room for collapsing: a page of one question asked in 50 interviews still leaves other results to show.
    const turnLimit = Math.min(limit * 3, 1500);
    const fts = toFtsQuery(args.query, (p) => completions(db, 'turns_vocab', p))!;
    const where = [args.projectId ? 'i.project_id = @projectId' : '', args.role ? 't.role = @role' : ''].filter(Boolean);
    const select = `SELECT c.rowid, c.rank, 'turn' AS kind, i.project_id, p.title AS project_title, t.interview_id, i.participant_name, t.role, CASE WHEN t.time_known = 1 THEN t.start_ms END AS start_ms, t.text
         FROM c CROSS JOIN transcript_turns t ON t.id = c.rowid JOIN interviews i ON i.id = t.interview_id JOIN projects p ON p.id = i.project_id
         ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
    const params = {
      fts,
      projectId: args.projectId ?? null,
      role: args.role ?? null,
      limit: turnLimit,
      candidates: RANKED_CANDIDATES,
      common: COMMON_CANDIDATES,
    };
    const rows = isCommon(db, 'turns_fts', fts)
      ? byDensity(
          stmt(db, `WITH c AS (SELECT value AS rowid, 0 AS rank FROM json_each(@ids)) ${select}`).all({
            ...params,
            ids: JSON.stringify(newestMatching(db, fts, where, params)),
          }) as (Row & { text: string })[],
          words,
          turnLimit,
        )
      : (stmt(
          db,
          `WITH c AS (SELECT rowid, bm25(turns_fts) AS rank FROM turns_fts WHERE turns_fts MATCH @fts ORDER BY rowid DESC LIMIT @candidates) ${select} ORDER BY c.rank LIMIT @limit`,
        ).all(params) as (Row & { text: string })[]);
    for (const { rowid, text: _text, ...h } of collapseQuestions(db, rows)) later(hits, { ...h, snippet: '' }, { table: 'turns_fts', fts, rowid });
  }
  if (args.kind === undefined || args.kind === 'highlight') hits.push(...searchHighlights(db, args, limit));
  if ((args.kind === undefined || args.kind === 'quote') && !args.role) {
    const fts = toFtsQuery(args.query, (p) => completions(db, 'quotes_vocab', p))!;
    const rows = stmt(
      db,
      `WITH c AS (SELECT rowid, bm25(quotes_fts) AS rank FROM quotes_fts WHERE quotes_fts MATCH @fts ORDER BY rowid DESC LIMIT @candidates)
         SELECT c.rowid, c.rank, 'quote' AS kind, q.project_id, p.title AS project_title, NULL AS interview_id, NULL AS participant_name, NULL AS role, NULL AS start_ms
         FROM c JOIN report_quotes q ON q.id = c.rowid JOIN projects p ON p.id = q.project_id
         ${args.projectId ? 'WHERE q.project_id = @projectId' : ''}
         ORDER BY c.rank LIMIT @limit`,
    ).all({ fts, candidates: RANKED_CANDIDATES, projectId: args.projectId ?? null, limit }) as Row[];
    for (const { rowid, ...h } of rows) later(hits, { ...h, snippet: '' }, { table: 'quotes_fts', fts, rowid });
  }
  const page = hits.sort((a, b) => a.rank - b.rank).slice(0, limit);
  fillSnippets(db, page);
  fillCodes(db, page);
  return page;
}

/**
 * Each hit's participant code, so a hit names its interview as the Interviews list does ("Name (P07)"). Read for
 * the page alone, by the codes' primary key: the ranking queries stay as they were.
 */
function fillCodes(db: CacheDb, page: SearchHit[]) {
  // Rows read by SQL have none yet; a collapsed question has its first interview's (search-questions.ts).
  const missing = page.filter((h) => (h as Partial<SearchHit>).code === undefined);
  const ids = [...new Set(missing.flatMap((h) => (h.interview_id === null ? [] : [h.interview_id])))];
  const numbers = new Map(
    ids.length
      ? (stmt(db, 'SELECT interview_id, n FROM participant_codes WHERE interview_id IN (SELECT value FROM json_each(?))')
          .raw(true)
          .all(JSON.stringify(ids)) as [string, number][])
      : [],
  );
  for (const h of missing) {
    const n = h.interview_id === null ? undefined : numbers.get(h.interview_id);
    h.code = n === undefined ? '' : participantCode(n);
  }
}

/** Where a hit's snippet comes from, until the page is known: snippets are built for the page alone. */
type SnippetSource = { table: 'turns_fts' | 'quotes_fts'; fts: string; rowid: number };
const snippetSources = new WeakMap<SearchHit, SnippetSource>();
function later(hits: SearchHit[], hit: SearchHit, source: SnippetSource) {
  snippetSources.set(hit, source);
  hits.push(hit);
}

/** Turn and quote hits of the page get their snippets (more turns are read than shown, for collapsing questions). */
function fillSnippets(db: CacheDb, page: SearchHit[]) {
  for (const table of ['turns_fts', 'quotes_fts'] as const) {
    const here = page.filter((h) => snippetSources.get(h)?.table === table);
    if (here.length === 0) continue;
    const sources = here.map((h) => snippetSources.get(h)!);
    const snippets = snippetsFor(db, table, sources[0]!.fts, sources);
    here.forEach((h, i) => (h.snippet = snippets.get(sources[i]!.rowid) ?? ''));
  }
}

/** The researcher's highlights whose quote, tags or note match; the speaker filter reads the turn a highlight starts in. */
function searchHighlights(db: CacheDb, args: SearchArgs, limit: number): SearchHit[] {
  const fts = toFtsQuery(args.query);
  if (!fts) return [];
  const where = [args.projectId ? 'h.project_id = @projectId' : '', args.role ? 't.role = @role' : ''].filter(Boolean);
  const rows = stmt(
    db,
    `WITH c AS (SELECT rowid, highlight_id, bm25(highlights_fts, 0, 1.0, 0.8, 1.0) AS rank,
                         snippet(highlights_fts, -1, '${MARK_START}', '${MARK_END}', '…', 16) AS snippet
                  FROM highlights_fts WHERE highlights_fts MATCH @fts)
       SELECT c.rank, c.snippet, 'highlight' AS kind, h.project_id, coalesce(p.title, '') AS project_title, h.interview_id, i.participant_name,
              t.role, h.start_ms, h.id AS highlight_id, h.note,
              (SELECT json_group_array(name) FROM (SELECT c.name FROM highlight_codes hc JOIN codes c ON c.id = hc.code_id WHERE hc.highlight_id = h.id ORDER BY c.name COLLATE NOCASE)) AS tags
       FROM c JOIN highlights h ON h.id = c.highlight_id LEFT JOIN projects p ON p.id = h.project_id LEFT JOIN interviews i ON i.id = h.interview_id
            LEFT JOIN transcript_turns t ON t.interview_id = h.interview_id AND t.idx = h.start_turn
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY c.rank LIMIT @limit`,
  ).all({ fts, projectId: args.projectId ?? null, role: args.role ?? null, limit }) as (Omit<SearchHit, 'tags'> & { tags: string })[];
  return rows.map((r) => ({ ...r, tags: JSON.parse(r.tags) as string[] }));
}

/** How many matches one step of the newest-first walk reads, and how many steps before the walk gives up. */
const WALK_CHUNK = 2000;
const WALK_STEPS = 2;

/**
 * The newest COMMON_CANDIDATES turns matching a common query and the filters. Reads the match list
 * newest-first in chunks and filters each chunk, so a filter costs about as much as no filter; letting
 * SQLite join first would sort every match. When a filter keeps almost none of them, it starts from the filtered turns instead.
 */
function newestMatching(db: CacheDb, fts: string, where: string[], params: Record<string, unknown>): number[] {
  const newest = (n: number) => stmt(db, `SELECT rowid FROM turns_fts WHERE turns_fts MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT ${n}`).pluck();
  if (where.length === 0) return newest(COMMON_CANDIDATES).all(fts, Number.MAX_SAFE_INTEGER) as number[];
  const chunk = newest(WALK_CHUNK);
  const keep = stmt(
    db,
    `SELECT t.id FROM json_each(@ids) j CROSS JOIN transcript_turns t ON t.id = j.value JOIN interviews i ON i.id = t.interview_id
       WHERE ${where.join(' AND ')} ORDER BY t.id DESC`,
  ).pluck();
  const found: number[] = [];
  let before = Number.MAX_SAFE_INTEGER;
  for (let step = 0; step < WALK_STEPS; step++) {
    const ids = chunk.all(fts, before) as number[];
    if (ids.length === 0) return found;
    found.push(...(keep.all({ ...params, ids: JSON.stringify(ids) }) as number[]));
    if (found.length >= COMMON_CANDIDATES) return found.slice(0, COMMON_CANDIDATES);
    before = ids[ids.length - 1]!;
  }
  // Few of the newest matches pass the filter: start from the filtered turns and keep those that match.
  return stmt(
    db,
    `SELECT t.id FROM interviews i CROSS JOIN transcript_turns t ON i.id = t.interview_id
       WHERE ${where.join(' AND ')} AND t.id IN (SELECT rowid FROM turns_fts WHERE turns_fts MATCH @fts)
       ORDER BY t.id DESC LIMIT ${COMMON_CANDIDATES}`,
  )
    .pluck()
    .all(params) as number[];
}

/** Whether a query matches more turns than bm25 can rank within a keystroke (a lazy, newest-first probe). */
function isCommon(db: CacheDb, table: 'turns_fts', fts: string): boolean {
  return stmt(db, `SELECT 1 FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ${RANKED_CANDIDATES}`).get(fts) !== undefined;
}

/**
 * Orders candidates by how densely they use the query's words, newest first on ties; ranks come out
 * negative like bm25's, so both kinds of result sort the same way.
 */
function byDensity<T extends { rowid: number; rank: number; text: string }>(rows: T[], words: string[], limit: number): T[] {
  const wanted = new Set(words);
  const prefixes = [...wanted];
  const scored = rows.map((r) => {
    // Folding diacritics leaves ASCII as it is, and most turns are ASCII: they skip it.
    const ws = tokens(
      ASCII.test(r.text)
        ? r.text.toLowerCase()
        : r.text
            .normalize('NFKD')
            .replace(/[\u0300-\u036f]/g, '')
            .toLowerCase(),
    );
    const hits = ws.filter((w) => wanted.has(w) || prefixes.some((q) => w.startsWith(q))).length;
    return { ...r, rank: -(hits / Math.sqrt(Math.max(ws.length, 1))) };
  });
  return scored.sort((a, b) => a.rank - b.rank || b.rowid - a.rowid).slice(0, limit);
}
const ASCII = /^[^\u0080-\uffff]*$/;

/**
 * Snippets only for the rows being returned: building them is the costly part of a search. FTS5 does not
 * narrow a MATCH by `rowid IN (…)`: it reads the whole match and filters it after, which for a common word
 * was two thirds of the search. So the match is bounded by the page's lowest and highest rowid (the common
 * path's rows are among the newest matches, so that range is short), read newest first as the rest of
 * search reads it (ascending, snippet() took three times longer). The CASTs matter: a JS number is bound
 * as a REAL, and FTS5 takes a REAL rowid bound for no bound at all. The `+` matters too: without it SQLite
 * hands `rowid IN (…)` to FTS5 as `rowid = ?`, one fresh MATCH per page row that ignores the range (0.3 ms
 * a row for a word in 5 % of turns, half of a search); with it the range is the one scan and the list a filter on it.
 */
function snippetsFor(db: CacheDb, table: 'turns_fts' | 'quotes_fts', fts: string, rows: { rowid: number }[]): Map<number, string> {
  if (rows.length === 0) return new Map();
  const ids = rows.map((r) => r.rowid);
  const found = stmt(
    db,
    `SELECT rowid, snippet(${table}, 0, '${MARK_START}', '${MARK_END}', '…', 16) AS snippet FROM ${table}
     WHERE ${table} MATCH ? AND rowid >= CAST(? AS INTEGER) AND rowid <= CAST(? AS INTEGER) AND +rowid IN (SELECT value FROM json_each(?))
     ORDER BY rowid DESC`,
  ).all(fts, Math.min(...ids), Math.max(...ids), JSON.stringify(ids)) as { rowid: number; snippet: string }[];
  return new Map(found.map((r) => [r.rowid, r.snippet]));
}

/** Where a report quote was said: the interview, its participant (null when the service sent no name), the turn and its time (null when unknown). */
export type QuoteLocation = { interview_id: string; participant_name: string | null; code: string; turn_index: number; start_ms: number | null };

/**
 * Finds where a report quote was said: the participant turn in the project's cached transcripts that
 * contains it, best match first. Used to jump from a quote to the moment in the video.
 */
export function locateQuote(db: CacheDb, args: { projectId: string; quote: string }): QuoteLocation | null {
  const fts = toFtsQuery(`"${args.quote.replace(/"/g, ' ')}"`);
  if (!fts) return null;
  indexBacklog(db, {});
  const row = db
    .prepare(
      `SELECT t.interview_id, i.participant_name, t.idx AS turn_index, CASE WHEN t.time_known = 1 THEN t.start_ms END AS start_ms,
              (SELECT n FROM participant_codes c WHERE c.interview_id = t.interview_id) AS code_n
       FROM turns_fts JOIN transcript_turns t ON t.id = turns_fts.rowid JOIN interviews i ON i.id = t.interview_id
       WHERE turns_fts MATCH ? AND i.project_id = ? AND t.role = 'User'
       ORDER BY bm25(turns_fts) LIMIT 1`,
    )
    .get(fts.replace(/\*$/, ''), args.projectId) as (Omit<QuoteLocation, 'code'> & { code_n: number | null }) | undefined;
  if (!row) return null;
  const code = row.code_n === null ? '' : participantCode(row.code_n);
  return { interview_id: row.interview_id, participant_name: row.participant_name, code, turn_index: row.turn_index, start_ms: row.start_ms };
}
