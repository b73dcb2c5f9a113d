/**
 * A study's guide inferred from its transcripts, for studies Fieldwork did not create or edit (the service
 * has no read of a project's questions, so their guide is known only from what the interviewer said).
 *
 * The AI interviewer asks the guide's questions in the guide's order, with follow-ups between them. So an
 * AI turn whose text (normalised as question-alignment.ts does) recurs across interviews, always in the same
 * place relative to the other recurring texts, is taken for a question; the rest are follow-ups:
 *
 * 1. support: a text said in at least `minShare` of the interviews that the most-said text is in (and in
 *    at least two interviews, when there are two or more), so a question some interviews skipped still counts;
 * 2. not a stock probe: a text said twice or more within one interview in most of its interviews ("Can you
 *    say more about that?") is a follow-up wherever it falls;
 * 3. answered: a text that a participant turn follows in under half of its interviews (a closing "thank
 *    you") is not a question;
 * 4. a stable order: the texts are ordered by where they fall, then the text whose place most often
 *    disagrees with that order (a probe that recurs after any question) is dropped, until every text agrees
 *    with the order in at least `minConsistency` of the pairs the interviews show;
 * 5. not the opening: a first text that asks nothing (no question mark) and gets replies of a few words
 *    is the interviewer's greeting.
 *
 * With a single interview nothing can recur: each of its AI turns that a participant answered is a question.
 * Pure and dependency-free, so the grid, its exports and the CLI infer the same guide.
 */
import { normaliseQuestionText, type AlignableTurn } from '../question-alignment';

export type InferOptions = {
  /** Of the most-said text's interviews, the least share a question must be said in. */
  minShare?: number;
  /** The least share of pairwise orderings a question must agree with. */
  minConsistency?: number;
};

type Seen = { text: string; first: number; count: number; answered: boolean; replyWords: number };

/** One interview's distinct normalised AI texts: where each first falls, how often, whether answered. */
function seenIn(turns: readonly AlignableTurn[]): Map<string, Seen> {
  const seen = new Map<string, Seen>();
  let aiRank = 0;
  turns.forEach((t, i) => {
    if (t.role !== 'AI') return;
    const key = normaliseQuestionText(t.text);
    if (!key) return;
    const next = turns[i + 1];
    const answered = next !== undefined && next.role !== 'AI' && next.text.trim() !== '';
    const replyWords = answered ? next.text.trim().split(/\s+/).length : 0;
    const s = seen.get(key);
    if (s) {
      s.count++;
      s.answered ||= answered;
    } else seen.set(key, { text: t.text.trim(), first: aiRank, count: 1, answered, replyWords });
    aiRank++;
  });
  return seen;
}

type Stat = { support: number; repeated: number; answered: number; wordings: Map<string, number>; replies: number[] };

/** Per text across the interviews: how many say it, repeat it, get it answered; its wordings and reply lengths. */
function statsOf(interviews: Map<string, Seen>[]): Map<string, Stat> {
  const stats = new Map<string, Stat>();
  for (const m of interviews) {
    for (const [key, s] of m) {
      let st = stats.get(key);
      if (!st) stats.set(key, (st = { support: 0, repeated: 0, answered: 0, wordings: new Map(), replies: [] }));
      st.support++;
      if (s.count > 1) st.repeated++;
      if (s.answered) {
        st.answered++;
        st.replies.push(s.replyWords);
      }
      st.wordings.set(s.text, (st.wordings.get(s.text) ?? 0) + 1);
    }
  }
  return stats;
}

/** Rules 1 to 3: the texts with enough support that are neither stock probes nor unanswered. */
function candidatesOf(stats: Map<string, Stat>, minShare: number): string[] {
  const top = Math.max(...[...stats.values()].map((s) => s.support));
  const floor = Math.max(2, Math.ceil(top * minShare));
  return [...stats.entries()].filter(([, s]) => s.support >= floor && s.repeated * 2 <= s.support && s.answered * 2 >= s.support).map(([k]) => k);
}

/** The candidates in their agreed order, and how far each agrees with it (the share of its pairwise orderings). */
function order(interviews: Map<string, Seen>[], candidates: string[]): { sorted: string[]; consistency: number[] } {
  const idx = new Map(candidates.map((k, i) => [k, i]));
  const k = candidates.length;
  // Pairwise: before[a][b] = interviews in which a first falls before b.
  const before = Array.from({ length: k }, () => new Float64Array(k));
  const rankSum = new Float64Array(k);
  const rankN = new Float64Array(k);
  for (const m of interviews) {
    const present = candidates.filter((c) => m.has(c)).sort((x, y) => m.get(x)!.first - m.get(y)!.first);
    present.forEach((c, r) => {
      const i = idx.get(c)!;
      // Relative rank among the candidates this interview has, so a skipped question does not shift the rest.
      rankSum[i] = rankSum[i]! + (present.length > 1 ? r / (present.length - 1) : 0.5);
      rankN[i] = rankN[i]! + 1;
      const row = before[i]!;
      for (let s = r + 1; s < present.length; s++) row[idx.get(present[s]!)!] = row[idx.get(present[s]!)!]! + 1;
    });
  }
  const sorted = candidates
    .map((c, i) => ({ c, i, wins: candidates.reduce((w, _, j) => w + (before[i]![j]! > before[j]![i]! ? 1 : 0), 0), mean: rankSum[i]! / rankN[i]! }))
    // Most pairwise wins first (a question before the others); mean place breaks ties.
    .sort((x, y) => y.wins - x.wins || x.mean - y.mean);
  const pos = new Map(sorted.map((s, p) => [s.i, p]));
  const consistency = candidates.map((_, i) => {
    let agree = 0;
    let all = 0;
    for (let j = 0; j < k; j++) {
      if (j === i) continue;
      const iFirst = pos.get(i)! < pos.get(j)!;
      agree += iFirst ? before[i]![j]! : before[j]![i]!;
      all += before[i]![j]! + before[j]![i]!;
    }
    return all === 0 ? 1 : agree / all;
  });
  return { sorted: sorted.map((s) => s.c), consistency };
}

/** Rule 4: drops the least consistent text until every one agrees with the order; returns them in that order. */
function stableOrder(interviews: Map<string, Seen>[], candidates: string[], minConsistency: number): string[] {
  let keys = candidates;
  for (;;) {
    const { sorted, consistency } = order(interviews, keys);
    let worst = -1;
    consistency.forEach((c, i) => {
      if (c < minConsistency && (worst < 0 || c < consistency[worst]!)) worst = i;
    });
    if (worst < 0) return sorted;
    keys = keys.filter((_, i) => i !== worst);
  }
}

/** Each question as most often worded, without the interviewer's greeting (rule 5). */
function questionTexts(keys: string[], stats: Map<string, Stat>): string[] {
  const texts = keys.map((k) => {
    const wordings = [...stats.get(k)!.wordings.entries()].sort((a, b) => b[1] - a[1]);
    return wordings[0]![0];
  });
  // A greeting ("Hi, thanks for joining") recurs first in every interview and gets a reply, like a question;
  // but it asks nothing and the reply is a word or two ("Hi!"). A first text without a question mark whose
  // replies are mostly that short is taken for the interviewer's opening ("Tell me about…" gets real answers).
  const replies = keys.length > 0 ? [...stats.get(keys[0]!)!.replies].sort((a, b) => a - b) : [];
  const medianReply = replies.length > 0 ? replies[Math.floor(replies.length / 2)]! : 0;
  if (texts.length > 1 && !texts[0]!.includes('?') && medianReply <= 4) texts.shift();
  return texts;
}

/** The guide's questions in order, each as the interviewer first said it (its most common wording). */
export function inferGuide(transcripts: readonly (readonly AlignableTurn[])[], options: InferOptions = {}): string[] {
  const minShare = options.minShare ?? 0.4;
  const minConsistency = options.minConsistency ?? 0.8;
  const interviews = transcripts.map(seenIn).filter((m) => m.size > 0);
  if (interviews.length === 0) return [];
  if (interviews.length === 1) {
    return [...interviews[0]!.values()].filter((s) => s.answered && s.count === 1).map((s) => s.text);
  }
  const stats = statsOf(interviews);
  const keys = stableOrder(interviews, candidatesOf(stats, minShare), minConsistency);
  return questionTexts(keys, stats);
}
