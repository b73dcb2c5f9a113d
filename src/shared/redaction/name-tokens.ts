/** A text's words for the name rules, each with the cues read off its own letters and what precedes it. */

export type Tok = {
  text: string;
  lower: string;
  start: number;
  end: number;
  cap: boolean;
  sentStart: boolean;
  initial: boolean;
  poss: boolean;
  script: boolean;
};

const TOKEN = /\p{Lu}\.(?:[\s-]?\p{Lu}\.)*|[\p{L}\p{M}](?:[\p{L}\p{M}]|['’-](?=[\p{L}\p{M}]))*(?:['’]s\b|(?<=s)['’](?!\p{L}))?/gu;
export const NON_LATIN =
  /[\p{Script=Cyrillic}\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Greek}\p{Script=Hebrew}\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Bengali}\p{Script=Tamil}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Armenian}\p{Script=Georgian}\p{Script=Ethiopic}]/u;
export const CJK = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

const NOT_ASCII = /[\u0080-\uffff]/;
const AFTER_ABBREVIATION = /(?:^|[\s.])(?:\p{Lu}|Mr|Mrs|Ms|Dr|Prof|Mx|Rev|St)\.\s+$/u;

export function tokens(s: string): Tok[] {
  const out: Tok[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(s); m; m = TOKEN.exec(s)) {
    let text = m[0];
    const poss = /['’]s?$/.test(text) && !/^\p{Lu}\./u.test(text);
    if (poss) text = text.replace(/['’]s?$/, '');
    const before = s.slice(Math.max(0, m.index - 4), m.index);
    const first = out.length === 0 ? /^\s*["“'‘(]?\s*$/.test(s.slice(0, m.index)) : false;
    out.push({
      text,
      // Full-width and other compatibility forms ("Ｓａｒａｈ") are looked up as the letters they stand for.
      lower: NOT_ASCII.test(text) ? text.normalize('NFKC').toLowerCase() : text.toLowerCase(),
      start: m.index,
      end: m.index + text.length,
      cap: /^\p{Lu}|^[a-z]\p{Lu}/u.test(text),
      // An initial's or a title's full stop ("J.R. Bautista", "Dr. Okafor") does not start a sentence.
      sentStart: first || (/[.!?…]["”')]?\s+["“'‘(]?$|\n\s*$/.test(before) && !AFTER_ABBREVIATION.test(s.slice(Math.max(0, m.index - 6), m.index))),
      initial: /^\p{Lu}\./u.test(text),
      poss,
      script: NON_LATIN.test(text),
    });
  }
  return out;
}

/** Texts with a lowercase cue worth reading by rules even without a capitalised word ("my cousin oisin said"). */
export const LOWERCASE_CUE =
  /\b(?:sister|brother|cousin|friend|wife|husband|son|daughter|partner|aunt(?:ie|y)?|uncle|niece|nephew|neighbou?r|boss|colleague|called|named|flatmate|girlfriend|boyfriend|grandma|grandpa|nan|mum|mom|dad)\s+[a-z\u00c0-\u024f]|\b(?:said|says|told|reckons|texted|asked|family)\b|['’]s\b|\p{Lu}\.\s?\p{Lu}\./u;
/** Whether a text may hold a name the rules find though the tagger's triggers see none. */
export const mayHoldRuleName = (s: string): boolean => LOWERCASE_CUE.test(s) || NON_LATIN.test(s);
