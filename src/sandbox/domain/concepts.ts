import { stem } from './text';

/**
 * Concepts the sandbox's stand-in AI recognises across wordings, as a real model would know that
 * "expensive" and "price" are one topic. Words outside these groups still cluster on their own, so
 * any study gets themes; these groups only make the common consumer-research topics read naturally.
 */
const CONCEPTS: { key: string; label: string; words: string[] }[] = [
  {
    key: 'price',
    label: 'Price versus value',
    words: [
      'price',
      'prices',
      'pricey',
      'expensive',
      'cost',
      'costs',
      'costly',
      'value',
      'worth',
      'money',
      'cheap',
      'cheaper',
      'afford',
      'affordable',
      'discount',
      'pay',
      'paid',
      'paying',
    ],
  },
  {
    key: 'delivery',
    label: 'Delivery timing',
    words: ['delivery', 'deliveries', 'delivered', 'late', 'arrived', 'arrive', 'courier', 'driver', 'doorstep', 'window', 'shipping', 'timing'],
  },
  {
    key: 'packaging',
    label: 'Packaging waste',
    words: ['packaging', 'plastic', 'waste', 'wasteful', 'ice', 'packs', 'recycle', 'recyclable', 'recycling', 'compostable', 'cardboard', 'boxes', 'bin'],
  },
  { key: 'recipes', label: 'Recipe fatigue', words: ['recipe', 'recipes', 'repetitive', 'bored', 'boring', 'variety', 'menu', 'menus', 'dishes', 'same'] },
  { key: 'skipping', label: 'Skipping weeks is hard', words: ['skip', 'skipping', 'skipped', 'pause', 'pausing', 'paused', 'deadline', 'cutoff'] },
  { key: 'ease', label: 'Ease of use', words: ['easy', 'easier', 'hard', 'harder', 'difficult', 'confusing', 'confused', 'simple', 'complicated', 'fiddly'] },
  { key: 'app', label: 'The app and website', words: ['app', 'website', 'site', 'account', 'login', 'settings', 'notification', 'notifications'] },
  {
    key: 'quality',
    label: 'Food quality',
    words: ['fresh', 'freshness', 'quality', 'tasty', 'taste', 'delicious', 'bland', 'ingredients', 'portion', 'portions'],
  },
  { key: 'support', label: 'Customer support', words: ['support', 'help', 'helpful', 'service', 'refund', 'complaint', 'chat', 'email'] },
  { key: 'time', label: 'Time and convenience', words: ['convenient', 'convenience', 'quick', 'quicker', 'busy', 'evenings', 'effort', 'prep', 'minutes'] },
  {
    key: 'design',
    label: 'Look and feel of the concepts',
    words: ['look', 'looks', 'design', 'colour', 'color', 'premium', 'sturdy', 'flimsy', 'bulky', 'crate', 'pouch', 'kraft'],
  },
];

const BY_STEM = new Map<string, string>();
const LABELS = new Map<string, string>();
for (const c of CONCEPTS) {
  LABELS.set(`concept:${c.key}`, c.label);
  for (const w of c.words) BY_STEM.set(stem(w), `concept:${c.key}`);
}

/** The concept a stem belongs to, or the stem itself. */
export const conceptOf = (s: string): string => BY_STEM.get(s) ?? s;
export const conceptLabel = (key: string): string | null => LABELS.get(key) ?? null;
