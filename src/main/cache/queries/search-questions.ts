import type { AskedIn, AskedInPage } from '../../../shared/ipc/channels/search';
import { ASKED_IN_PAGE } from '../../../shared/search-pages';
import type { CacheDb } from '../open';
import { askedCount, askedInIndexed, questionWords } from './question-index';
import { stampedMemo } from './data-stamp';
import { indexBacklog } from './search-index';

/**
 * Where each question was asked, kept while the cache is unchanged: the same few guide questions come up
 * search after search (each keystroke is one). Any write to the cache forgets them (dataStamp). A hit
 * carries only the first page of a guide question's thousands of interviews and their count: reading and
 * copying them all cost more than the rest of the search; `askedInPage` gives the rest on request.
 */
const MEMO_QUESTIONS = 500;
type Asked = AskedInPage & { words: string };
const memoFor = stampedMemo<Asked>(MEMO_QUESTIONS);
type Memo = ReturnType<typeof memoFor>;

/** How many interviews of the study asked this question word for word, and the first page of them, in order of completion, each once, where it was first asked. */
function askedIn(db: CacheDb, memo: Memo, projectId: string, text: string): Asked {
  const words = questionWords(text);
  const key = `${projectId}\u0000${words}`;
  const known = memo.get(key);
  if (known) return known;
  // The index lists every interviewer turn under its words (question-index.ts): a count and a page of one range.
  const asked = { words, asked_count: askedCount(db, projectId, words), asked_in: askedInIndexed(db, projectId, words, { limit: ASKED_IN_PAGE }) };
  memo.set(key, asked);
  return asked;
}

/** A page of the interviews of the study that asked a question (its words, a question hit's `question_key`), and how many did in all. */
export function askedInPage(db: CacheDb, args: { projectId: string; questionKey: string; offset: number; limit: number }): AskedInPage {
  // As a search does: the questions of whatever the idle indexer has not reached yet are listed first.
  indexBacklog(db, {});
  return {
    asked_count: askedCount(db, args.projectId, args.questionKey),
    asked_in: askedInIndexed(db, args.projectId, args.questionKey, { offset: args.offset, limit: args.limit }),
  };
}

/**
 * Interviewer turns asked word for word in more than one interview of the same study become one result
 * (the best ranked of them) that says how many interviews of the study asked it and lists the first page
 * of them, found through the index.
 */
/** What collapsing reads and writes of a turn hit. */
type QuestionRow = {
  role: string | null;
  project_id: string;
  text: string;
  kind: string;
  interview_id: string | null;
  participant_name: string | null;
  code?: string;
  start_ms: number | null;
  asked_in?: AskedIn[];
  asked_count?: number;
  question_key?: string;
};

export function collapseQuestions<T extends QuestionRow>(db: CacheDb, rows: T[]): T[] {
  const memo = memoFor(db);
  const seen = new Set<string>();
  const out: T[] = [];
  for (const r of rows) {
    if (r.role !== 'AI') {
      out.push(r);
      continue;
    }
    const { words, asked_count, asked_in } = askedIn(db, memo, r.project_id, r.text);
    const key = `${r.project_id}\u0000${words}`;
    if (seen.has(key)) continue;
    if (asked_count <= 1) {
      out.push(r);
      continue;
    }
    seen.add(key);
    // The result opens where the question was first asked; its snippet is the best-ranked turn's.
    out.push({
      ...r,
      kind: 'question',
      interview_id: asked_in[0]!.interview_id,
      participant_name: asked_in[0]!.participant_name,
      code: asked_in[0]!.code,
      start_ms: asked_in[0]!.start_ms,
      asked_in,
      asked_count,
      question_key: words,
    });
  }
  return out;
}
