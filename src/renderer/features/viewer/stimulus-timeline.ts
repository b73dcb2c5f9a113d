import type { StimulusView } from '../../../shared/ipc/channels/stimuli';
import { alignTurns, normaliseQuestionText, type Alignment, type MatchConfidence } from '../../../shared/question-alignment';

/** A question as the viewer names it: its number in the guide (null when the guide is not known here) and its text. */
export type NamedQuestion = { number: number | null; text: string };

export type UnmatchedStimulus = {
  stimulus: StimulusView;
  /** unassigned: shown with no question; not-found: none of its questions was found in this interview. */
  reason: 'unassigned' | 'not-found';
};

/** What a STIMULI interview's participant saw, question by question, lined up with its transcript. */
export type InterviewStimuli = {
  questions: NamedQuestion[];
  alignment: Alignment;
  /** By question index: the stimuli shown with it, in display order. */
  byQuestion: StimulusView[][];
  unmatched: UnmatchedStimulus[];
  /** By turn index, for the turn that asks a question with stimuli: those stimuli (where each comes on screen). */
  shownFrom: ReadonlyMap<number, StimulusView[]>;
  /** By stimulus id: its caption, or "Stimulus 2" (its place in the display order) when it has none. */
  labels: ReadonlyMap<string, string>;
};

/** What is on screen at one turn: the question it falls under (null before the first) and that question's stimuli. */
export type OnScreen = {
  question: (NamedQuestion & { index: number }) | null;
  stimuli: StimulusView[];
  confidence: MatchConfidence;
  /** The first and last turn (inclusive) of the run of turns this one belongs to; null before the first question. */
  span: { start: number; end: number } | null;
};

/**
 * Lines a STIMULI interview up with its stimuli. The questions are the guide's, in its order, when the guide is
 * known here (a study made or edited in Fieldwork, or the demo); the contract has no read of a project's
 * questions, so otherwise they are the texts the stimuli are assigned to, in no known order. A stimulus's
 * assignment that the guide no longer has is still looked for: interviews held before the edit asked it.
 */
export function interviewStimuli(
  turns: readonly { role: string; text: string }[],
  guide: readonly string[] | null,
  stimuli: readonly StimulusView[],
): InterviewStimuli {
  const items = [...stimuli].sort((a, b) => a.display_order - b.display_order);
  const assigned: string[] = [];
  const known = new Set<string>();
  const add = (q: string) => {
    const k = normaliseQuestionText(q);
    if (known.has(k)) return;
    known.add(k);
    assigned.push(q);
  };
  for (const q of guide ?? []) add(q);
  const guideCount = guide?.length ?? 0;
  for (const s of items) for (const q of s.question_items) add(q);
  const questions: NamedQuestion[] = assigned.map((text, i) => ({ number: i < guideCount ? i + 1 : null, text }));
  const alignment = alignTurns(turns, assigned, { ordered: guide !== null });

  const indexOf = new Map(assigned.map((q, i) => [normaliseQuestionText(q), i]));
  const byQuestion: StimulusView[][] = assigned.map(() => []);
  const unmatched: UnmatchedStimulus[] = [];
  for (const s of items) {
    const qs = s.question_items.map((q) => indexOf.get(normaliseQuestionText(q))!);
    for (const q of qs) if (!byQuestion[q]!.includes(s)) byQuestion[q]!.push(s);
    if (qs.length === 0) unmatched.push({ stimulus: s, reason: 'unassigned' });
    else if (qs.every((q) => alignment.askedAt[q]!.length === 0)) unmatched.push({ stimulus: s, reason: 'not-found' });
  }
  const shownFrom = new Map<number, StimulusView[]>();
  for (const span of alignment.spans) {
    const shown = byQuestion[span.question]!;
    if (shown.length > 0) shownFrom.set(span.start, shown);
  }
  const labels = new Map(items.map((s, i) => [s.stimuli_id, s.caption?.trim() || `Stimulus ${i + 1}`]));
  return { questions, alignment, byQuestion, unmatched, shownFrom, labels };
}

/** What was on screen at a turn (-1, before the first turn, counts as the first turn: the interview is about to start there). */
export function onScreenAt(ctx: InterviewStimuli, turnIndex: number): OnScreen {
  const turns = ctx.alignment.turns;
  const i = Math.min(Math.max(0, turnIndex), turns.length - 1);
  const at = turns[i];
  if (!at || at.question === null) return { question: null, stimuli: [], confidence: 'unmatched', span: null };
  const span = ctx.alignment.spans.find((s) => s.start <= i && i < s.end);
  return {
    question: { ...ctx.questions[at.question]!, index: at.question },
    stimuli: ctx.byQuestion[at.question]!,
    confidence: span?.confidence ?? at.confidence,
    span: span ? { start: span.start, end: span.end - 1 } : null,
  };
}
