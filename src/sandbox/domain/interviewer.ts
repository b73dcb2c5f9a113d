import { FOLLOW_UPS } from '../../shared/schemas/enums';
import type { WireTurn } from '../store/interviews';
import type { Project, ScreenerQuestion } from '../store/projects';
import { STOPWORDS, words } from './text';

/**
 * The sandbox's AI interviewer for chat mode: screener first (if the project has one), then each
 * question in order, with as many follow-ups as its probing level allows (low 0, medium 1, high 3).
 */
export type ChatState = {
  phase: 'screener' | 'questions' | 'done';
  screenerIndex: number;
  screenerAnswers: Record<string, string>;
  questionIndex: number;
  followUpsAsked: number;
  startedAtMs: number;
  turns: WireTurn[];
  outcome: 'COMPLETE' | 'INCOMPLETE' | null;
};

export type AiMessage = { text: string; options?: string[] | null };

const secondsSince = (startMs: number, nowMs: number) => Math.max(0, Math.round((nowMs - startMs) / 10) / 100);
/** Roughly how long the AI takes to say a line, so AI turns have a sensible end time. */
const speakingSeconds = (text: string) => Math.max(1, Math.round((text.split(/\s+/).length / 2.6) * 100) / 100);

/**
 * Where the next turn starts on the recording's timeline: now, or when the turn before it ends if that is
 * later. The end times are estimates of speaking time, and a participant who types faster than the AI
 * "speaks" (or the intro and first question, said at the same instant) would otherwise give turns that
 * overlap or start before the one above them; a recording's turns never do.
 */
const nextStart = (state: ChatState, nowMs: number) => Math.max(secondsSince(state.startedAtMs, nowMs), state.turns.at(-1)?.end ?? 0);
const plus = (start: number, seconds: number) => Math.round((start + seconds) * 100) / 100;

function say(state: ChatState, text: string, nowMs: number): void {
  const start = nextStart(state, nowMs);
  state.turns.push({ role: 'AI', text, start, end: plus(start, speakingSeconds(text)) });
}

export function startChat(project: Project, nowMs: number): { state: ChatState; messages: AiMessage[] } {
  const state: ChatState = {
    phase: project.screener && project.screener.length > 0 ? 'screener' : 'questions',
    screenerIndex: 0,
    screenerAnswers: {},
    questionIndex: 0,
    followUpsAsked: 0,
    startedAtMs: nowMs,
    turns: [],
    outcome: null,
  };
  const messages: AiMessage[] = [{ text: project.intro_message }];
  say(state, project.intro_message, nowMs);
  messages.push(nextPrompt(project, state, nowMs));
  return { state, messages };
}

function nextPrompt(project: Project, state: ChatState, nowMs: number): AiMessage {
  if (state.phase === 'screener') {
    const sq = project.screener![state.screenerIndex]!;
    return { text: sq.text, options: sq.options };
  }
  const q = project.questions[state.questionIndex]!;
  say(state, q.question, nowMs);
  return { text: q.question };
}

export function answer(project: Project, state: ChatState, text: string, nowMs: number): AiMessage[] {
  if (state.phase === 'done') return [];
  if (state.phase === 'screener') {
    const sq = project.screener![state.screenerIndex]!;
    state.screenerAnswers[sq.id] = text;
    state.screenerIndex++;
    if (!passes(sq, text))
      return finish(state, 'INCOMPLETE', 'Thank you. Unfortunately this study is looking for a different group of participants, so we will stop here.', nowMs);
    if (state.screenerIndex >= project.screener!.length) state.phase = 'questions';
    return [nextPrompt(project, state, nowMs)];
  }
  // The answer starts when the question ends; it lasts as long as saying it would, or until it was sent.
  const start = state.turns.at(-1)?.end ?? secondsSince(state.startedAtMs, nowMs);
  state.turns.push({ role: 'User', text, start, end: Math.max(plus(start, speakingSeconds(text)), secondsSince(state.startedAtMs, nowMs)) });
  const q = project.questions[state.questionIndex]!;
  if (state.followUpsAsked < FOLLOW_UPS[q.probing_level]) {
    const followUp = followUpFor(text, state.followUpsAsked);
    state.followUpsAsked++;
    say(state, followUp, nowMs);
    return [{ text: followUp }];
  }
  state.questionIndex++;
  state.followUpsAsked = 0;
  if (state.questionIndex >= project.questions.length) {
    return finish(state, 'COMPLETE', project.end_message ?? 'Thank you for taking part.', nowMs);
  }
  return [nextPrompt(project, state, nowMs)];
}

export function leave(state: ChatState, nowMs: number): void {
  if (state.phase !== 'done') finish(state, 'INCOMPLETE', 'The participant left the interview.', nowMs, false);
}

function finish(state: ChatState, outcome: 'COMPLETE' | 'INCOMPLETE', text: string, nowMs: number, spoken = true): AiMessage[] {
  if (spoken) say(state, text, nowMs);
  state.phase = 'done';
  state.outcome = outcome;
  return spoken ? [{ text }] : [];
}

function passes(sq: ScreenerQuestion, answerText: string): boolean {
  if (!sq.pass || sq.pass.length === 0) return true;
  const a = answerText.trim().toLowerCase();
  return sq.pass.some((p) => p.toLowerCase() === a);
}

const TEMPLATES = [
  (kw: string) => `Could you tell me more about ${kw}?`,
  (kw: string) => `Why does ${kw} matter to you?`,
  () => 'Can you give me a specific example of when that happened?',
];

/** A follow-up that picks up a word the participant actually used. */
export function followUpFor(answerText: string, n: number): string {
  const content = words(answerText).filter((w) => w.length > 3 && !STOPWORDS.has(w));
  if (content.length === 0) return 'Could you say a bit more about that?';
  const kw = [...content].sort((a, b) => b.length - a.length || a.localeCompare(b))[0]!;
  return TEMPLATES[n % TEMPLATES.length]!(`"${kw}"`);
}
