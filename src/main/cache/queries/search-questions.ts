import type { AskedIn } from '../../../shared/ipc/channels/search';
import type { CacheDb } from '../open';
import { askedInIndexed, questionWords } from './question-index';
import { stampedMemo } from './data-stamp';

/** A question as its words, in its study: case, spacing and punctuation differences do not make it another question. */
const questionKey = (projectId: string, text: string) => `${projectId}\u0000${questionWords(text)}`;

/**
 * Where each question was asked, kept while the cache is unchanged: a guide question is asked in every
 * interview of its study, so even from the index its list is thousands of rows, and the same few questions
 * come up search after search (each keystroke is one). Any write to the cache forgets them (dataStamp).
 */
const MEMO_QUESTIONS = 500;
const memoFor = stampedMemo<AskedIn[]>(MEMO_QUESTIONS);
type Memo = ReturnType<typeof memoFor>;

/** Every interview of the study that asked this question word for word, in order of completion, each once, where it was first asked. */
function askedIn(db: CacheDb, memo: Memo, key: string, projectId: string, text: string): AskedIn[] {
  const known = memo.get(key);
  if (known) return known;
  // The index lists every interviewer turn under its words (question-index.ts), so this reads one row per interview.
  const asked = askedInIndexed(db, projectId, questionWords(text));
  memo.set(key, asked);
  return asked;
}

/**
 * Interviewer turns asked word for word in more than one interview of the same study become one result
 * (the best ranked of them), listing every interview that asked it, in the study, found through the index.
 */
/** What collapsing reads and writes of a turn hit. */
type QuestionRow = {
  role: string | null;
  project_id: string;
  text: string;
  kind: string;
  interview_id: string | null;
  participant_name: string | null;
  start_ms: number | null;
  asked_in?: AskedIn[];
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
    const key = questionKey(r.project_id, r.text);
    if (seen.has(key)) continue;
    const asked_in = askedIn(db, memo, key, r.project_id, r.text);
    if (asked_in.length <= 1) {
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
      start_ms: asked_in[0]!.start_ms,
      asked_in,
    });
  }
  return out;
}
