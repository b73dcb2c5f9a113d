/**
 * How a simulated participant talks: one interview's speech being written, sentence by sentence from the
 * banks, in a style of its own (a few words, or a lot), with a study's tally of what has been said so
 * that the same words come back as rarely as the banks allow.
 */
import { HEDGES } from './bank/common';

/** A script is a whole interview or one that stops part way; a speaker titles it by that. */
export type ScriptStatus = 'COMPLETE' | 'INCOMPLETE';

/** How many interviews of a study have said each sentence. */
export class SentenceUse {
  private readonly counts = new Map<string, number>();
  count(sentence: string): number {
    return this.counts.get(sentence) ?? 0;
  }
  add(sentence: string): void {
    this.counts.set(sentence, this.count(sentence) + 1);
  }
}

export type Style = 'terse' | 'plain' | 'chatty';
export type Rand = () => number;

export const chance = (rand: Rand, p: number) => rand() < p;
export function weighted<T>(rand: Rand, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((s, [, w]) => s + w, 0);
  let x = rand() * total;
  for (const [v, w] of options) if ((x -= w) < 0) return v;
  return options[options.length - 1]![0];
}

/** One interview's speech being written: what it has said so far, and the study's tally. */
export class Speaker {
  private readonly said = new Set<string>();
  constructor(
    private readonly use: SentenceUse,
    readonly rand: Rand,
    readonly style: Style,
    /** Words the participant says in the whole interview before their answers stop running on. */
    private readonly budget: number,
  ) {}

  private spoken = 0;
  /** How far through the guide the interview is, 0 to 1: past their share of the budget, answers are one sentence. */
  progress = 1;

  /** A sentence from `bank` this interview has not said, the least said in the study; null when none is left. */
  pick(bank: readonly string[]): string | null {
    let best: string[] = [];
    let low = Infinity;
    for (const s of bank) {
      if (this.said.has(s)) continue;
      const n = this.use.count(s);
      if (n < low) [low, best] = [n, [s]];
      else if (n === low) best.push(s);
    }
    if (best.length === 0) return null;
    const s = best[Math.floor(this.rand() * best.length)]!;
    this.said.add(s);
    this.use.add(s);
    return s;
  }

  /** How many sentences this answer runs to, by the speaker's style. */
  length(): number {
    return this.spoken > this.budget * this.progress ? 1 : this.styleLength();
  }

  private styleLength(): number {
    const r = this.rand;
    if (this.style === 'terse') return chance(r, 0.2) ? 2 : 1;
    if (this.style === 'plain')
      return weighted(r, [
        [1, 55],
        [2, 35],
        [3, 10],
      ]);
    return weighted(r, [
      [2, 45],
      [3, 40],
      [4, 15],
    ]);
  }

  /**
   * An answer: an optional hedge ("Good question."), a sentence from `core`, then one from each of
   * `more` in turn (a bank listed twice can give two) until it is as long as the speaker makes their
   * answers. Only a question of the guide gets a hedge; a follow-up is answered straight away.
   */
  answer(core: readonly string[], more: readonly (readonly string[])[], opts: { n?: number; hedge?: boolean } = {}): string {
    const n = opts.n ?? this.length();
    const hedged = opts.hedge !== false && chance(this.rand, { terse: 0.05, plain: 0.15, chatty: 0.3 }[this.style]);
    const hedge = hedged ? nonNull(this.pick(HEDGES)) : [];
    const body = nonNull(this.pick(core));
    for (const bank of more) {
      if (body.length >= n) break;
      body.push(...nonNull(this.pick(bank)));
    }
    const text = [...hedge, ...body].join(' ');
    this.spoken += text.split(/\s+/).length;
    return text;
  }
}

const nonNull = (s: string | null): string[] => (s ? [s] : []);

export function styleOf(rand: Rand): Style {
  return weighted(rand, [
    ['terse', 1],
    ['plain', 2],
    ['chatty', 1],
  ]);
}

/** How a participant answers the questions of their study's topic. */
export type Answerer = {
  /** The first answer to a question. */
  answer(question: string): string;
  /** The answer to the interviewer's n-th follow-up on it. */
  followUp(question: string, n: number): string;
  title(status: ScriptStatus): string;
};
