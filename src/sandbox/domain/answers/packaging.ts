/**
 * A packaging-concepts interview's participant: what a question asks about, which concept they pick (a
 * rotation across a study) and how they see each, and their answers from the packaging banks.
 */
import { PACKAGING_CHANGE, PACKAGING_CHOOSE, PACKAGING_CONCEPTS, PACKAGING_PICK, type Concept, type ConceptView } from './bank/packaging';
import { chance, weighted, type Answerer, type Rand, type Speaker } from './speaker';

type PackagingKind = 'choose' | Concept | 'compare' | 'change' | 'general';

function packagingKind(q: string): PackagingKind {
  if (/\b(compar\w*|prefer\w*|pick|choose between)\b/i.test(q) || /which (one|would you)/i.test(q)) return 'compare';
  if (/concept a\b|kraft/i.test(q)) return 'a';
  if (/concept b\b|pouch|compost/i.test(q)) return 'b';
  if (/concept c\b|crate|reusab/i.test(q)) return 'c';
  if (/\b(change|improve|different|anything else)\b/i.test(q)) return 'change';
  if (/\b(usually|choose|pick|decide|before we look)\b/i.test(q)) return 'choose';
  return 'general';
}

const CONCEPT_ROTATION: Concept[] = ['a', 'c', 'b', 'a', 'b', 'c', 'a', 'c', 'b', 'a', 'c', 'b', 'a'];

type PackagingProfile = { pick: Concept; views: Record<Concept, ConceptView> };

export function packagingProfile(index: number, rand: Rand): PackagingProfile {
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

export function packagingAnswerer(sp: Speaker, p: PackagingProfile): Answerer {
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

/** The packaging banks' words, against which a study's text is matched to tell its topic. */
export function packagingCorpus(): string[] {
  return [
    'packaging concepts concept kraft box compostable pouch reusable crate first impression pick change',
    ...PACKAGING_CHOOSE.full,
    ...Object.values(PACKAGING_CONCEPTS).flatMap((c) => [...c.like, ...c.mixed, ...c.dislike, ...c.more]),
    ...Object.values(PACKAGING_PICK).flat(),
    ...PACKAGING_CHANGE.full,
  ];
}
