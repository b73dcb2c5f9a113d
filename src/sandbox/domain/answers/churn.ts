/**
 * A meal-kit churn interview's participant: what a question asks about, why they left (a rotation
 * across a study, so every reason has its share), and their answers from the churn banks.
 */
import { CLOSERS } from './bank/common';
import {
  CHURN_DELIVERY,
  CHURN_PACKAGING,
  CHURN_PAUSED,
  CHURN_PRICE,
  CHURN_REASONS,
  LIFE_STORIES,
  type ChurnReason,
  type DeliveryView,
  type PackagingView,
  type PriceView,
} from './bank/churn';
import { chance, weighted, type Answerer, type Rand, type Speaker } from './speaker';

type ChurnKind = 'why' | 'price' | 'delivery' | 'kept' | 'general';

function churnKind(q: string): ChurnKind {
  if (/\b(kept|keep|stay|stayed|win you back|come back)\b/i.test(q)) return 'kept';
  if (/\b(price|prices|cost|costs|value|pay|paid|afford|money)\b/i.test(q)) return 'price';
  if (/\b(deliver\w*|packag\w*|timing|courier|arriv\w*)\b/i.test(q)) return 'delivery';
  if (/\b(cancel\w*|pause\w*|stop\w*|leave|left|quit|decide\w*|why)\b/i.test(q)) return 'why';
  return 'general';
}

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

type ChurnProfile = {
  primary: ChurnReason;
  /** Which change at home, when that is the reason (LIFE_STORIES). */
  story: number;
  secondary: Exclude<ChurnReason, 'life'> | null;
  price: PriceView;
  delivery: DeliveryView;
  packaging: PackagingView;
};

export function churnProfile(index: number, rand: Rand): ChurnProfile {
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

export function churnAnswerer(sp: Speaker, p: ChurnProfile): Answerer {
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

/** The churn banks' words, against which a study's text is matched to tell its topic. */
export function churnCorpus(): string[] {
  return [
    'meal-kit subscription cancel pause price deliveries packaging kept subscribed churn',
    ...[...Object.values(CHURN_REASONS), ...LIFE_STORIES].flatMap((r) => [...r.why, ...r.more, ...r.kept]),
    ...Object.values(CHURN_PRICE).flat(),
    ...Object.values(CHURN_DELIVERY).flat(),
    ...Object.values(CHURN_PACKAGING).flat(),
  ];
}
