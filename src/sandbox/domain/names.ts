/**
 * Fictional participants for the sandbox: an endless list of distinct names, and a distinct synthetic
 * voice for each of the first few dozen (the ones the sample videos speak with).
 */

type Gender = 'f' | 'm';

// Interleaved so that consecutive participants alternate; every name is unique in the list.
const FIRST: readonly (readonly [string, Gender])[] = [
  ['Maya', 'f'],
  ['Daniel', 'm'],
  ['Priya', 'f'],
  ['Owen', 'm'],
  ['Chloe', 'f'],
  ['Tomasz', 'm'],
  ['Amara', 'f'],
  ['Liam', 'm'],
  ['Elif', 'f'],
  ['Vikram', 'm'],
  ['Siobhan', 'f'],
  ['George', 'm'],
  ['Hana', 'f'],
  ['Yusuf', 'm'],
  ['Rosa', 'f'],
  ['Callum', 'm'],
  ['Keisha', 'f'],
  ['Ivan', 'm'],
  ['Bethan', 'f'],
  ['Olu', 'm'],
  ['Farah', 'f'],
  ['Rhys', 'm'],
  ['Wen', 'f'],
  ['Diego', 'm'],
  ['Harriet', 'f'],
  ['Hamza', 'm'],
  ['Imogen', 'f'],
  ['Niall', 'm'],
  ['Nadia', 'f'],
  ['Felix', 'm'],
  ['Catrin', 'f'],
  ['Jamal', 'm'],
  ['Zoe', 'f'],
  ['Stefan', 'm'],
  ['Mei', 'f'],
  ['Ewan', 'm'],
  ['Yasmin', 'f'],
  ['Arjun', 'm'],
  ['Eleanor', 'f'],
  ['Kieran', 'm'],
  ['Aisling', 'f'],
  ['Marcus', 'm'],
  ['Joanna', 'f'],
  ['Isaac', 'm'],
  ['Uma', 'f'],
  ['Declan', 'm'],
  ['Fiona', 'f'],
  ['Theo', 'm'],
  ['Tanya', 'f'],
  ['Gareth', 'm'],
  ['Olivia', 'f'],
  ['Dev', 'm'],
  ['Lucy', 'f'],
  ['Patrick', 'm'],
  ['Rachel', 'f'],
  ['Oscar', 'm'],
  ['Grace', 'f'],
  ['Jonas', 'm'],
  ['Poppy', 'f'],
  ['Aaron', 'm'],
  ['Dana', 'f'],
  ['Samuel', 'm'],
  ['Helen', 'f'],
  ['Ravi', 'm'],
];

// No surname is also a word the sandbox's report reads as a topic (no Price, Cook, Fresh).
const LAST: readonly string[] = [
  'Cohen',
  'Okafor',
  'Sharma',
  'Gallagher',
  'Martin',
  'Nowak',
  'Adeyemi',
  'Walsh',
  'Demir',
  'Rao',
  'Byrne',
  'Hughes',
  'Sato',
  'Haddad',
  'Fernandes',
  'Campbell',
  'Mensah',
  'Petrov',
  'Evans',
  'Osei',
  'Khan',
  'Morgan',
  'Chen',
  'Alvarez',
  'Whitfield',
  'Iqbal',
  'Reid',
  'Doyle',
  'Hassan',
  'Berg',
  'Davies',
  'Kowalski',
  'Lindqvist',
  'Patel',
  'Costa',
  'Fraser',
  'Nguyen',
  'Singh',
  'Brennan',
  'Moreau',
  'Quinn',
  'Yilmaz',
  'Kaur',
  'Mitchell',
  'Ibrahim',
  'Rossi',
  'Lindsay',
  'Papadopoulos',
  'Johnson',
  'Ahmed',
  'Fischer',
  'Murphy',
  'Dubois',
  'Williams',
  'Novak',
  'Taylor',
  'Bianchi',
  'Jones',
  'Barker',
  'Lee',
  'Ward',
];

export type Voice = { voice: string; speed: number; pitch: number };
export type Person = { name: string; gender: Gender };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Bijective base 26 (1 → A, 26 → Z, 27 → AA): a distinct run of initials for every n ≥ 1. */
function initials(n: number): string[] {
  const out: string[] = [];
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) out.unshift(`${ALPHABET[(k - 1) % 26]!}.`);
  return out;
}

/**
 * The `i`th fictional person. Distinct for every `i` (a bijection from 0, 1, 2, … onto names): first
 * and last names both change from one index to the next, and once every first–last pair has been
 * used, middle initials tell people apart ("Maya J. Cohen"), so a study never has two Maya Cohens.
 */
export function personAt(i: number): Person {
  if (!Number.isInteger(i) || i < 0) throw new RangeError(`personAt: ${i} is not a non-negative integer`);
  const pairs = FIRST.length * LAST.length;
  const round = Math.floor(i / pairs);
  const r = i % pairs;
  const a = r % FIRST.length;
  const b = Math.floor(r / FIRST.length);
  // (a, b) ↦ (a, (a + b) mod LAST) is one-to-one for b < LAST, so each pair comes up exactly once a round.
  const [first, gender] = FIRST[a]!;
  const last = LAST[(a + b) % LAST.length]!;
  return { name: [first, ...initials(round), last].join(' '), gender };
}

/** How many people `personAt` names before it needs middle initials. */
export const PLAIN_NAMES = FIRST.length * LAST.length;

/** The interviewer's voice; no participant speaks with it. */
export const INTERVIEWER_VOICE: Voice = { voice: 'en-us+f3', speed: 190, pitch: 50 };

// espeak-ng's English accents, and the variants that sound like a woman or a man.
const ACCENTS = ['en-gb', 'en-gb-scotland', 'en-gb-x-gbclan', 'en-gb-x-rp', 'en-gb-x-gbcwmd', 'en-029', 'en-us', 'en-us-nyc'];
const VARIANTS: Record<Gender, string[]> = { f: ['f1', 'f2', 'f3', 'f4', 'f5'], m: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'] };

/**
 * A voice for the `n`th woman or man of a cast: no accent–variant pair comes up twice within the first
 * ACCENTS × VARIANTS − 1 of a gender (the interviewer's own pair is left out), and speed and pitch vary
 * too, so no two participants of a study sound alike.
 */
export function voiceFor(gender: Gender, n: number): Voice {
  const pairs = VOICE_PAIRS[gender];
  return { voice: pairs[n % pairs.length]!, speed: 170 + ((n * 7) % 31), pitch: 32 + ((n * 11) % 37) };
}

// j = 8a + b ↦ (accent b, variant (9a + b) mod V) is one-to-one for j < 8V when V is 5 or 7, and walks
// accents fastest so that neighbours in a cast differ in accent as well as in variant.
const VOICE_PAIRS: Record<Gender, string[]> = {
  f: voicePairs(VARIANTS.f),
  m: voicePairs(VARIANTS.m),
};
function voicePairs(variants: string[]): string[] {
  const all = [...Array(ACCENTS.length * variants.length).keys()].map(
    (j) => `${ACCENTS[j % ACCENTS.length]!}+${variants[(j + Math.floor(j / ACCENTS.length)) % variants.length]!}`,
  );
  return all.filter((v) => v !== INTERVIEWER_VOICE.voice);
}
