/**
 * Writes what a simulated participant says, question by question, so that a study's interviews read
 * like different people: each has their own reasons (churn) or preferences (packaging), a way of
 * talking (a few words, or a lot), and answers put together from a bank of hand-written sentences.
 * A study shares one SentenceUse, and every pick takes a sentence the study has used least, so the
 * same words come back as rarely as the bank allows.
 *
 * How people talk is in speaker.ts, what each topic's participants say in churn.ts and packaging.ts,
 * and the sentences themselves in bank/.
 */
import { contentStems, hash32, seededRandom } from '../text';
import { FOLLOW_UPS } from './bank/common';
import { churnAnswerer, churnCorpus, churnProfile } from './churn';
import { packagingAnswerer, packagingCorpus, packagingProfile } from './packaging';
import { chance, SentenceUse, Speaker, styleOf, weighted, type Rand, type ScriptStatus } from './speaker';

export { SentenceUse };

export type Topic = 'churn' | 'packaging';
export const TOPICS: readonly Topic[] = ['churn', 'packaging'];
export type ScriptTurn = { role: 'AI' | 'User'; text: string };
export type GuideQuestion = { question: string; probing_level: 'low' | 'medium' | 'high' };
/** Declared with the speakers that title a script by it (speaker.ts). */
export type { ScriptStatus } from './speaker';
export type InterviewScript = { title: string; turns: ScriptTurn[] };

/** Follow-ups a recorded interview asks: up to two on a high-probing question, one on medium, none on low. */
function followUpsFor(level: GuideQuestion['probing_level'], answer: string, rand: Rand): number {
  const short = answer.split(/\s+/).length < 8;
  if (level === 'high')
    return weighted(rand, [
      [0, short ? 3 : 6],
      [1, 4],
      [2, short ? 2 : 1],
    ]);
  if (level === 'medium') return chance(rand, short ? 0.4 : 0.15) ? 1 : 0;
  return 0;
}

/**
 * One interview: the guide's questions word for word, each answered in the participant's way, with
 * the interviewer's follow-ups now and then. An incomplete interview stops after the participant's
 * first answer or two, with the next question unanswered.
 *
 * `index` is the interview's place in its study: it spreads reasons and preferences across a study.
 * `seed` makes the rest (style, wording) differ between interviews and stay the same between runs.
 */
export function writeInterview(args: {
  topic: Topic;
  questions: readonly GuideQuestion[];
  status: ScriptStatus;
  index: number;
  seed: string;
  use: SentenceUse;
}): InterviewScript {
  const rand = seededRandom(hash32(`${args.topic}:${args.seed}`));
  // A long guide (the packaging study's six questions) gets shorter answers and fewer probes, as a
  // participant tires and a moderator keeps to time; either way a recording stays about a minute long.
  const long = args.questions.length > 4;
  const sp = new Speaker(args.use, rand, styleOf(rand), long ? 60 : 100);
  const who = args.topic === 'churn' ? churnAnswerer(sp, churnProfile(args.index, rand)) : packagingAnswerer(sp, packagingProfile(args.index, rand));
  const questions = args.questions.length > 0 ? args.questions : [{ question: 'Could you tell me about your experience?', probing_level: 'medium' as const }];
  const answered = args.status === 'COMPLETE' ? questions.length : Math.min(questions.length - 1, 1 + Math.floor(rand() * 2));
  const turns: ScriptTurn[] = [];
  const asked = new Set<string>();
  let probes = 0;
  for (const [i, q] of questions.entries()) {
    turns.push({ role: 'AI', text: q.question });
    if (i >= answered) break;
    sp.progress = (i + 1) / questions.length;
    const first = who.answer(q.question);
    turns.push({ role: 'User', text: first });
    const n = Math.min(followUpsFor(q.probing_level, first, rand), (long ? 1 : 2) - probes);
    for (let k = 0; k < n; k++) {
      const probe = FOLLOW_UPS.filter((f) => !asked.has(f));
      const text = probe[Math.floor(rand() * probe.length)]!;
      asked.add(text);
      turns.push({ role: 'AI', text }, { role: 'User', text: who.followUp(q.question, k) });
      probes++;
    }
  }
  return { title: who.title(args.status), turns };
}

// ---------------------------------------------------------------------------------------------
// Which topic a study is about
// ---------------------------------------------------------------------------------------------

const corpus = new Map<Topic, Set<string>>();
function topicStems(topic: Topic): Set<string> {
  let s = corpus.get(topic);
  if (!s) {
    const text = topic === 'churn' ? churnCorpus() : packagingCorpus();
    s = new Set(contentStems(text.join(' ')));
    corpus.set(topic, s);
  }
  return s;
}

/** The topic whose words a study's title, objective and questions share most; churn when none does. */
export function topicFor(text: string): Topic {
  const mine = new Set(contentStems(text));
  let best: Topic = 'churn';
  let bestScore = -1;
  for (const t of TOPICS) {
    const stems = topicStems(t);
    const score = [...mine].filter((s) => stems.has(s)).length;
    if (score > bestScore) [best, bestScore] = [t, score];
  }
  return best;
}
