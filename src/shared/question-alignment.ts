/**
 * Which guide question each transcript turn falls under.
 *
 * The service's transcripts are bare turns (AI or participant, text, times): nothing says which question of
 * the guide an AI turn asks. The interviewer asks the questions in the guide's order, with follow-ups in
 * between, and may say a question word for word or in its own words. This module lines the turns up with
 * an ordered list of question texts, in three passes:
 *
 * 1. exact: an AI turn whose text, normalised (case, accents, punctuation, spacing), is a question's text,
 *    or contains it word for word ("Thanks. <question>"). These anchors stand even out of the guide's order:
 *    the interviewer did ask that question there.
 * 2. similar: between anchors, the remaining AI turns are matched to the remaining questions by weighted word
 *    overlap, keeping the guide's order (a monotonic alignment that matches as many questions as it can,
 *    then the closest ones).
 * 3. follow-up: every other AI turn belongs to the question last asked; participant turns belong to the
 *    question they answer. Turns before the first question (the intro, a screener) belong to none.
 *
 * Pure and dependency-free, so the viewer, the exports and a question × participant grid all read the same
 * alignment.
 */

export type MatchConfidence = 'exact' | 'similar' | 'follow-up' | 'unmatched';

export type AlignableTurn = { role: string; text: string };

export type AlignedTurn = {
  /** Index into the question list; null before the first question was asked. */
  question: number | null;
  /**
   * For an AI turn, how it was tied to its question: it asks it word for word (exact) or in other words
   * (similar), it follows it (follow-up), or it comes before any question (unmatched). A participant turn
   * carries the confidence of the AI turn it answers.
   */
  confidence: MatchConfidence;
  /** The AI turn that asks the question (exact or similar): where the question starts in the transcript. */
  asks: boolean;
};

/** A run of consecutive turns under one question: the turn that asks it up to the next question asked. */
export type QuestionSpan = { question: number; start: number; end: number; confidence: 'exact' | 'similar' };

export type Alignment = {
  /** One entry per turn, in the transcript's order. */
  turns: AlignedTurn[];
  /** The question runs in transcript order; `end` is exclusive. */
  spans: QuestionSpan[];
  /** Per question (by index), the turns that ask it; empty when it was not found in this transcript. */
  askedAt: number[][];
};

export type AlignOptions = {
  /**
   * Whether the list is in the order the interviewer asks (a guide). Questions gathered from elsewhere (the
   * stimuli's assignments when the guide is not known here) are not: they are first put in the order the
   * transcript asks them.
   */
  ordered?: boolean;
  /** The least similarity (0 to 1) for a question asked in other words. */
  threshold?: number;
};

export const SIMILARITY_THRESHOLD = 0.5;

/** Lower case, no accents, punctuation and runs of spaces as one space: "What's  your “first” impression?" → "whats your first impression". */
export function normaliseQuestionText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

// Function words say nothing about which question is asked; question words are in nearly every question.
const STOPWORDS = new Set(
  (
    'a an the and or but nor so yet of to in on at for with from by about into onto over under as than then ' +
    'is are was were be been being am do does did done have has had having will would shall should can could may might must ' +
    'i me my mine we us our you your yours he him his she her it its they them their this that these those there here ' +
    'what which who whom whose how why when where whether if not no yes any anything some something all each ' +
    'just really very too also ok okay oh well now let lets s t d ll re ve m'
  ).split(' '),
);

/** A light English stemmer: enough that "concepts" meets "concept" and "boxes" meets "box". */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|x|ch|sh|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}

function contentWords(normalised: string): Set<string> {
  const out = new Set<string>();
  for (const w of normalised.split(' ')) if (w && !STOPWORDS.has(w)) out.add(stem(w));
  return out;
}

/**
 * Similarity of a turn to each question: Dice's coefficient over content words, each weighted by how rare
 * it is among the questions (a word in every question, like "impression" in a concept test, tells little
 * about which one is asked). A word no question has counts half as much as a rare one: it is mostly the
 * interviewer's own linking ("Next, …", "How does that feel?"), which says less against a match than a
 * question's missing word does.
 */
function similarityModel(questions: readonly Set<string>[]) {
  const n = questions.length;
  const df = new Map<string, number>();
  for (const q of questions) for (const w of q) df.set(w, (df.get(w) ?? 0) + 1);
  const rare = Math.log(1 + n);
  const weight = (w: string) => {
    const d = df.get(w);
    return d ? Math.log(1 + n / d) : rare / 2;
  };
  const total = (ws: Set<string>) => {
    let s = 0;
    for (const w of ws) s += weight(w);
    return s;
  };
  const questionTotals = questions.map(total);
  return (turn: Set<string>, q: number): number => {
    const question = questions[q]!;
    let shared = 0;
    for (const w of turn) if (question.has(w)) shared += weight(w);
    const sum = total(turn) + questionTotals[q]!;
    return sum === 0 ? 0 : (2 * shared) / sum;
  };
}

const isAi = (t: AlignableTurn) => t.role === 'AI';

/** Aligns a transcript's turns with a list of question texts. See the module's comment for how. */
export function alignTurns(turns: readonly AlignableTurn[], questions: readonly string[], options: AlignOptions = {}): Alignment {
  const threshold = options.threshold ?? SIMILARITY_THRESHOLD;
  if (options.ordered === false && questions.length > 1) return alignUnordered(turns, questions, threshold);
  return alignOrdered(turns, questions, threshold);
}

function alignOrdered(turns: readonly AlignableTurn[], questions: readonly string[], threshold: number): Alignment {
  const n = questions.length;
  const normQ = questions.map(normaliseQuestionText);
  const normT = turns.map((t) => (isAi(t) ? normaliseQuestionText(t.text) : ''));
  /** The question each asking AI turn asks, by turn index. */
  const asked = new Map<number, { q: number; confidence: 'exact' | 'similar' }>();

  // 1. Exact anchors. A turn matching several (a repeated question text) takes the first after the last anchor.
  let lastAnchor = -1;
  const anchored = new Set<number>();
  // Worked out once per question and turn, not once per pair: a grid aligns thousands of interviews.
  const qInside = normQ.map(containable);
  for (let i = 0; i < turns.length; i++) {
    if (!isAi(turns[i]!) || !normT[i]) continue;
    const hits: number[] = [];
    const padded = ` ${normT[i]!} `;
    for (let q = 0; q < n; q++) if (normQ[q] && (normT[i] === normQ[q] || (qInside[q] !== null && padded.includes(qInside[q]!)))) hits.push(q);
    if (hits.length === 0) continue;
    const q = hits.find((h) => h > lastAnchor) ?? hits[0]!;
    asked.set(i, { q, confidence: 'exact' });
    anchored.add(q);
    lastAnchor = q;
  }

  // 2. Similar matches between anchors, in the guide's order, among the questions no anchor took.
  if (anchored.size < n) {
    const qWords = normQ.map(contentWords);
    const similarity = similarityModel(qWords);
    const anchors = [...asked.entries()].sort((a, b) => a[0] - b[0]);
    let from = 0;
    let lo = -1;
    for (let k = 0; k <= anchors.length; k++) {
      const to = k < anchors.length ? anchors[k]![0] : turns.length;
      const next = k < anchors.length ? anchors[k]![1].q : n;
      const hi = next > lo ? next : n;
      const aiTurns: number[] = [];
      for (let i = from; i < to; i++) if (isAi(turns[i]!) && normT[i]) aiTurns.push(i);
      const candidates: number[] = [];
      for (let q = lo + 1; q < hi; q++) if (!anchored.has(q)) candidates.push(q);
      if (aiTurns.length > 0 && candidates.length > 0) {
        const words = aiTurns.map((i) => contentWords(normT[i]!));
        for (const [a, c] of monotonicMatch(words, candidates, similarity, threshold)) asked.set(aiTurns[a]!, { q: candidates[c]!, confidence: 'similar' });
      }
      if (k < anchors.length) {
        from = anchors[k]![0] + 1;
        lo = anchors[k]![1].q;
      }
    }
  }

  // 3. Every turn under the question last asked.
  const out: AlignedTurn[] = [];
  const spans: QuestionSpan[] = [];
  const askedAt: number[][] = questions.map(() => []);
  let current: number | null = null;
  let aiConfidence: MatchConfidence = 'unmatched';
  for (let i = 0; i < turns.length; i++) {
    const a = asked.get(i);
    if (a) {
      current = a.q;
      aiConfidence = a.confidence;
      askedAt[a.q]!.push(i);
      const last = spans.at(-1);
      // The same question asked again straight after (a repeat) continues its run.
      if (last && last.question === a.q && last.end === i) last.end = i + 1;
      else spans.push({ question: a.q, start: i, end: i + 1, confidence: a.confidence });
      out.push({ question: a.q, confidence: a.confidence, asks: true });
      continue;
    }
    if (isAi(turns[i]!)) aiConfidence = current === null ? 'unmatched' : 'follow-up';
    out.push({ question: current, confidence: current === null ? 'unmatched' : aiConfidence, asks: false });
    if (current !== null) spans.at(-1)!.end = i + 1;
  }
  return { turns: out, spans, askedAt };
}

/** Word for word: the same normalised text, or the question's text inside a longer turn, on word boundaries. */
function exactly(turn: string, question: string): boolean {
  if (turn === question) return true;
  const inside = containable(question);
  return inside !== null && ` ${turn} `.includes(inside);
}

/**
 * The question's text padded for a word-boundary search inside a longer turn, or null when it is too short
 * to be found that way: only a question of a few words counts ("why" inside a long turn is not "Why?").
 */
function containable(question: string): string | null {
  return question.split(' ').length >= 4 ? ` ${question} ` : null;
}

/**
 * The increasing pairs (turn, candidate) that match the most candidates, and among those the closest in
 * total, with every pair at least `threshold` similar: a longest-common-subsequence alignment. A question is
 * then moved to the earliest turn before its match that is also similar enough, so a follow-up that repeats
 * a question more closely does not take the question's start from the turn that first asked it.
 */
function monotonicMatch(
  turns: readonly Set<string>[],
  candidates: readonly number[],
  similarity: (turn: Set<string>, q: number) => number,
  threshold: number,
): [number, number][] {
  const m = turns.length;
  const c = candidates.length;
  const sim: number[][] = turns.map((t) => candidates.map((q) => similarity(t, q)));
  // score = matches + total similarity / (c + 1): more matches always win, closeness breaks ties.
  const gain = (a: number, b: number) => (sim[a]![b]! >= threshold ? 1 + sim[a]![b]! / (c + 1) : -Infinity);
  const best: Float64Array[] = Array.from({ length: m + 1 }, () => new Float64Array(c + 1));
  for (let a = 1; a <= m; a++)
    for (let b = 1; b <= c; b++) best[a]![b] = Math.max(best[a - 1]![b]!, best[a]![b - 1]!, best[a - 1]![b - 1]! + gain(a - 1, b - 1));
  const pairs: [number, number][] = [];
  let a = m;
  let b = c;
  while (a > 0 && b > 0) {
    if (best[a]![b] === best[a - 1]![b]) a--;
    else if (best[a]![b] === best[a]![b - 1]) b--;
    else {
      pairs.push([a - 1, b - 1]);
      a--;
      b--;
    }
  }
  pairs.reverse();
  for (let k = 0; k < pairs.length; k++) {
    const floor = k > 0 ? pairs[k - 1]![0] + 1 : 0;
    const [turn, cand] = pairs[k]!;
    for (let t = floor; t < turn; t++) {
      if (sim[t]![cand]! >= threshold) {
        pairs[k] = [t, cand];
        break;
      }
    }
  }
  return pairs;
}

/**
 * Questions whose order is not known are put in the order the transcript asks them (where each is asked
 * word for word, or else where it is most like an AI turn), those never asked last, then aligned as a guide.
 */
function alignUnordered(turns: readonly AlignableTurn[], questions: readonly string[], threshold: number): Alignment {
  const normQ = questions.map(normaliseQuestionText);
  const qWords = normQ.map(contentWords);
  const similarity = similarityModel(qWords);
  const ai = turns.flatMap((t, i) => (isAi(t) ? [{ i, norm: normaliseQuestionText(t.text) }] : []));
  const words = ai.map((t) => contentWords(t.norm));
  const firstAsked = questions.map((_, q) => {
    const exact = ai.find((t) => normQ[q] && exactly(t.norm, normQ[q]!));
    if (exact) return exact.i;
    let at = Infinity;
    let top = threshold;
    ai.forEach((t, k) => {
      const s = similarity(words[k]!, q);
      if (s >= top && (s > top || t.i < at)) {
        top = s;
        at = t.i;
      }
    });
    return at;
  });
  const order = questions.map((_, q) => q).sort((x, y) => firstAsked[x]! - firstAsked[y]! || x - y);
  const inner = alignOrdered(
    turns,
    order.map((q) => questions[q]!),
    threshold,
  );
  const back = (k: number) => order[k]!;
  const askedAt: number[][] = questions.map(() => []);
  order.forEach((q, k) => (askedAt[q] = inner.askedAt[k]!));
  return {
    turns: inner.turns.map((t) => (t.question === null ? t : { ...t, question: back(t.question) })),
    spans: inner.spans.map((s) => ({ ...s, question: back(s.question) })),
    askedAt,
  };
}
