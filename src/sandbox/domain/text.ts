/** Small, deterministic text tools for the sandbox's stand-in AI. */

export const STOPWORDS = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below
  between both but by can can't could couldn't did didn't do does doesn't doing don't down during each few for from
  further get got had hadn't has hasn't have haven't having he he'd he'll he's her here here's hers herself him
  himself his how how's i i'd i'll i'm i've if in into is isn't it it's its itself just let's like me more most
  mustn't my myself no nor not of off on once only or other ought our ours ourselves out over own really same she
  she'd she'll she's should shouldn't so some such than that that's the their theirs them themselves then there
  there's these they they'd they'll they're they've this those through to too under until up very was wasn't we
  we'd we'll we're we've were weren't what what's when when's where where's which while who who's whom why why's
  with won't would wouldn't you you'd you'll you're you've your yours yourself yourselves yes yeah um uh okay ok
  well think know mean kind sort lot lots thing things something anything everything guess suppose maybe quite
  bit one two three go going went gone make made much many even still back way time tell told said say says want
  wanted need needed feel felt look looked use used try tried come came take took give gave pretty actually
  probably definitely honestly basically stuff week weeks day days year years first last next now then ever never
  always sometimes often usually every each will shall may might must fine good great nice bad less lower higher
  feeling stopped started kept keep lot little big small sure instead enough rather`.split(/\s+/),
);

export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z][a-z'-]*[a-z]|[a-z]/g) ?? [];
}

/** A light suffix-stripper: enough to fold recipes/recipe, deliveries/delivery and skipping/skip. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  // boxes/box, dishes/dish: "-es" after a hissing sound is the plural, not part of the word.
  else if (w.length > 4 && /(?:x|ch|sh|ss|zz)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss)$/.test(w)) w = w.slice(0, -1);
  return w;
}

export function contentStems(text: string): string[] {
  return words(text)
    .filter((w) => w.length > 2 && !STOPWORDS.has(w))
    .map(stem)
    .filter((s) => !STOPWORDS.has(s));
}

export function capitalise(s: string): string {
  return s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1);
}

/** FNV-1a: a stable seed from any string, so the same input always drafts the same output. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny seeded PRNG. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
