import {
  CHURN_DELIVERY,
  CHURN_PACKAGING,
  CHURN_PAUSED,
  CHURN_PRICE,
  CHURN_REASONS,
  CLOSERS,
  FOLLOW_UPS,
  HEDGES,
  LIFE_STORIES,
  PACKAGING_CHANGE,
  PACKAGING_CHOOSE,
  PACKAGING_CONCEPTS,
  PACKAGING_PICK,
  type ChurnReason,
  type Concept,
  type ConceptView,
  type DeliveryView,
  type PackagingView,
  type PriceView,
} from './answer-bank';
import { contentStems, hash32, seededRandom } from './text';

/**
 * Writes what a simulated participant says, question by question, so that a study's interviews read
 * like different people: each has their own reasons (churn) or preferences (packaging), a way of
 * talking (a few words, or a lot), and answers put together from a bank of hand-written sentences.
 * A study shares one SentenceUse, and every pick takes a sentence the study has used least, so the
 * same words come back as rarely as the bank allows.
 */

export type Topic = 'churn' | 'packaging';
export const TOPICS: readonly Topic[] = ['churn', 'packaging'];
export type ScriptTurn = { role: 'AI' | 'User'; text: string };
export type GuideQuestion = { question: string; probing_level: 'low' | 'medium' | 'high' };
export type ScriptStatus = 'COMPLETE' | 'INCOMPLETE';
export type InterviewScript = { title: string; turns: ScriptTurn[] };

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

type Style = 'terse' | 'plain' | 'chatty';
type Rand = () => number;

const chance = (rand: Rand, p: number) => rand() < p;
function weighted<T>(rand: Rand, options: readonly (readonly [T, number])[]): T {
  const total = options.reduce((s, [, w]) => s + w, 0);
  let x = rand() * total;
  for (const [v, w] of options) if ((x -= w) < 0) return v;
  return options[options.length - 1]![0];
}

/** One interview's speech being written: what it has said so far, and the study's tally. */
class Speaker {
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

// ---------------------------------------------------------------------------------------------
// What a question asks about
// ---------------------------------------------------------------------------------------------

type ChurnKind = 'why' | 'price' | 'delivery' | 'kept' | 'general';
type PackagingKind = 'choose' | Concept | 'compare' | 'change' | 'general';

function churnKind(q: string): ChurnKind {
  if (/\b(kept|keep|stay|stayed|win you back|come back)\b/i.test(q)) return 'kept';
  if (/\b(price|prices|cost|costs|value|pay|paid|afford|money)\b/i.test(q)) return 'price';
  if (/\b(deliver\w*|packag\w*|timing|courier|arriv\w*)\b/i.test(q)) return 'delivery';
  if (/\b(cancel\w*|pause\w*|stop\w*|leave|left|quit|decide\w*|why)\b/i.test(q)) return 'why';
  return 'general';
}

function packagingKind(q: string): PackagingKind {
  if (/\b(compar\w*|prefer\w*|pick|choose between)\b/i.test(q) || /which (one|would you)/i.test(q)) return 'compare';
  if (/concept a\b|kraft/i.test(q)) return 'a';
  if (/concept b\b|pouch|compost/i.test(q)) return 'b';
  if (/concept c\b|crate|reusab/i.test(q)) return 'c';
  if (/\b(change|improve|different|anything else)\b/i.test(q)) return 'change';
  if (/\b(usually|choose|pick|decide|before we look)\b/i.test(q)) return 'choose';
  return 'general';
}

// ---------------------------------------------------------------------------------------------
// Who is speaking
// ---------------------------------------------------------------------------------------------

// A rotation rather than a draw, so every reason has its share in any run of interviews; price is
// the most common reason people give for leaving, a change at home the least.
const CHURN_ROTATION: ChurnReason[] = [
  'price',
  'recipes',
  'skipping',
  'delivery',
  'packaging',
  'price',
  'time',
  'skipping',
  'recipes',
  'quality',
  'price',
  'delivery',
  'packaging',
  'life',
  'skipping',
  'recipes',
  'price',
  'delivery',
  'time',
  'packaging',
  'quality',
  'price',
  'recipes',
  'skipping',
  'life',
];
const CONCEPT_ROTATION: Concept[] = ['a', 'c', 'b', 'a', 'b', 'c', 'a', 'c', 'b', 'a', 'c', 'b', 'a'];

type ChurnProfile = {
  primary: ChurnReason;
  /** Which change at home, when that is the reason (LIFE_STORIES). */
  story: number;
  secondary: Exclude<ChurnReason, 'life'> | null;
  price: PriceView;
  delivery: DeliveryView;
  packaging: PackagingView;
};

function churnProfile(index: number, rand: Rand): ChurnProfile {
  const primary = CHURN_ROTATION[index % CHURN_ROTATION.length]!;
  // A change at home is only ever the main reason: it is a story of its own, not a detail to add.
  const others = (Object.keys(CHURN_REASONS) as (keyof typeof CHURN_REASONS)[]).filter((r) => r !== primary);
  const secondary = chance(rand, 0.7) ? others[Math.floor(rand() * others.length)]! : null;
  const has = (r: ChurnReason) => primary === r || secondary === r;
  const price: PriceView =
    primary === 'price'
      ? chance(rand, 0.7)
        ? 'high'
        : 'discount'
      : secondary === 'price'
        ? chance(rand, 0.5)
          ? 'high'
          : 'discount'
        : weighted(rand, [
            ['fair', 4],
            ['fine', 3],
            ['discount', 2],
            ['high', 1],
          ]);
  const delivery: DeliveryView = primary === 'delivery' ? 'bad' : secondary === 'delivery' ? 'late' : chance(rand, 0.3) ? 'late' : 'ontime';
  const packaging: PackagingView = has('packaging') || chance(rand, 0.35) ? 'waste' : 'ok';
  // The n-th person in a study to leave over a change at home tells the n-th story, so the stories go round.
  const lives = (r: ChurnReason[]) => r.filter((x) => x === 'life').length;
  const before = Math.floor(index / CHURN_ROTATION.length) * lives(CHURN_ROTATION) + lives(CHURN_ROTATION.slice(0, index % CHURN_ROTATION.length));
  return { primary, story: before % LIFE_STORIES.length, secondary, price, delivery, packaging };
}

type PackagingProfile = { pick: Concept; views: Record<Concept, ConceptView> };

function packagingProfile(index: number, rand: Rand): PackagingProfile {
  const pick = CONCEPT_ROTATION[index % CONCEPT_ROTATION.length]!;
  const view = (c: Concept): ConceptView =>
    c === pick
      ? chance(rand, 0.75)
        ? 'like'
        : 'mixed'
      : weighted(rand, [
          ['like', 3],
          ['mixed', 4],
          ['dislike', 3],
        ]);
  return { pick, views: { a: view('a'), b: view('b'), c: view('c') } };
}

function styleOf(rand: Rand): Style {
  return weighted(rand, [
    ['terse', 1],
    ['plain', 2],
    ['chatty', 1],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

type Answerer = {
  /** The first answer to a question. */
  answer(question: string): string;
  /** The answer to the interviewer's n-th follow-up on it. */
  followUp(question: string, n: number): string;
  title(status: ScriptStatus): string;
};

function churnAnswerer(sp: Speaker, p: ChurnProfile): Answerer {
  const R = CHURN_REASONS;
  const main = p.primary === 'life' ? LIFE_STORIES[p.story]! : R[p.primary];
  const second = p.secondary ? R[p.secondary] : null;
  const terseCore = (full: string[], short: string[]) => (sp.style === 'terse' && chance(sp.rand, 0.6) ? short : full);
  const deliveryFirst = p.delivery === 'bad' || (p.delivery === 'late' && p.packaging === 'ok') || chance(sp.rand, 0.5);
  // Most say whether they paused or cancelled; those who left over skipping say it in their own words.
  const paused = p.primary !== 'skipping' && chance(sp.rand, 0.6);
  const deliveryWorse = p.delivery !== 'ontime' && (p.packaging === 'ok' || p.delivery === 'bad');
  const deliveryMore = p.delivery === 'ontime' ? CHURN_DELIVERY.goodMore : CHURN_DELIVERY.badMore;
  const packagingMore = p.packaging === 'waste' ? CHURN_PACKAGING.wasteMore : CHURN_PACKAGING.okMore;
  return {
    answer(question) {
      switch (churnKind(question)) {
        case 'why':
          return sp.answer(terseCore(main.why, main.short), [paused ? CHURN_PAUSED : [], main.more, second?.also ?? [], main.more, CLOSERS]);
        case 'price':
          return sp.answer(CHURN_PRICE[p.price], p.primary === 'price' ? [R.price.more, CHURN_PRICE.more] : [CHURN_PRICE.more, CHURN_PRICE.more]);
        case 'delivery': {
          const d = CHURN_DELIVERY[p.delivery];
          const k = CHURN_PACKAGING[p.packaging];
          if (sp.style === 'terse') return sp.answer(deliveryWorse ? d : k, []);
          const own = p.primary === 'delivery' || p.primary === 'packaging' ? main.more : [];
          // Both parts of the question get an answer; the one that mattered more to them comes first.
          const [firstPart, secondPart, firstMore, secondMore] = deliveryFirst ? [d, k, deliveryMore, packagingMore] : [k, d, packagingMore, deliveryMore];
          return sp.answer(firstPart, [secondPart, own, firstMore, secondMore], { n: Math.max(2, sp.length()) });
        }
        case 'kept':
          return sp.answer(main.kept, [second?.kept ?? [], CLOSERS]);
        case 'general':
          return sp.answer(main.more, [second?.also ?? [], main.why]);
      }
    },
    followUp(question, n) {
      const kind = churnKind(question);
      const banks =
        kind === 'price'
          ? [CHURN_PRICE.more, R.price.more]
          : kind === 'delivery'
            ? p.packaging === 'waste'
              ? [R.packaging.more, CHURN_PACKAGING.wasteMore]
              : p.delivery !== 'ontime'
                ? [R.delivery.more, CHURN_DELIVERY.badMore]
                : [CHURN_DELIVERY.goodMore, CHURN_PACKAGING.okMore]
            : kind === 'kept'
              ? [main.more, CLOSERS]
              : n === 0 || !second
                ? [main.more, second?.more ?? []]
                : [second.more, main.more];
      return sp.answer(banks[0]!, banks.slice(1), { hedge: false });
    },
    title(status) {
      const about = `${main.label}${second ? ` and ${second.label}` : ''}`;
      return status === 'COMPLETE' ? `Churn interview: ${about}` : `Churn interview, left early: ${about}`;
    },
  };
}

function packagingAnswerer(sp: Speaker, p: PackagingProfile): Answerer {
  const C = PACKAGING_CONCEPTS;
  const core = (c: Concept) => C[c][p.views[c]];
  return {
    answer(question) {
      const kind = packagingKind(question);
      switch (kind) {
        case 'choose':
          return sp.answer(sp.style === 'terse' ? PACKAGING_CHOOSE.short : PACKAGING_CHOOSE.full, [PACKAGING_CHOOSE.full, PACKAGING_CHOOSE.full]);
        case 'a':
        case 'b':
        case 'c':
          return sp.answer(core(kind), [C[kind].more, core(kind), C[kind].more]);
        case 'compare':
          return sp.answer(PACKAGING_PICK[p.pick], [PACKAGING_PICK.more, C[p.pick].more, PACKAGING_PICK.more]);
        case 'change':
          return sp.answer(sp.style === 'terse' ? PACKAGING_CHANGE.short : PACKAGING_CHANGE.full, [PACKAGING_CHANGE.full, PACKAGING_CHANGE.full]);
        case 'general':
          return sp.answer(core(p.pick), [C[p.pick].more]);
      }
    },
    followUp(question, n) {
      const kind = packagingKind(question);
      const c: Concept = kind === 'a' || kind === 'b' || kind === 'c' ? kind : p.pick;
      const banks = kind === 'compare' ? [PACKAGING_PICK.more, C[c].more] : [C[c].more, n === 0 ? core(c) : PACKAGING_PICK.more];
      return sp.answer(banks[0]!, banks.slice(1), { hedge: false });
    },
    title(status) {
      const likes = `prefers ${C[p.pick].name}`;
      return status === 'COMPLETE' ? `Packaging concepts: ${likes}` : `Packaging concepts, left early: ${likes}`;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Interviews
// ---------------------------------------------------------------------------------------------

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
    const text =
      topic === 'churn'
        ? [
            'meal-kit subscription cancel pause price deliveries packaging kept subscribed churn',
            ...[...Object.values(CHURN_REASONS), ...LIFE_STORIES].flatMap((r) => [...r.why, ...r.more, ...r.kept]),
            ...Object.values(CHURN_PRICE).flat(),
            ...Object.values(CHURN_DELIVERY).flat(),
            ...Object.values(CHURN_PACKAGING).flat(),
          ]
        : [
            'packaging concepts concept kraft box compostable pouch reusable crate first impression pick change',
            ...PACKAGING_CHOOSE.full,
            ...Object.values(PACKAGING_CONCEPTS).flatMap((c) => [...c.like, ...c.mixed, ...c.dislike, ...c.more]),
            ...Object.values(PACKAGING_PICK).flat(),
            ...PACKAGING_CHANGE.full,
          ];
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
