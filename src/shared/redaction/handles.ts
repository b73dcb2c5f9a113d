import { WHY } from './possible-reasons';
import type { Span } from './spans';

/**
 * Social media handles (issue 21 §1): "@maria_k on instagram", "twitter handle @j_smith", "my tiktok is
 * lil.dre", "find me on insta at sunny.days_". An "@name" is a handle wherever it stands (not inside an email,
 * and not "@ 5pm" or "@5pm", a time); with no platform named near it, it is 'possible'. A name without "@" is a
 * handle only where a platform's name says so ("my tiktok is lil.dre"); a plain word there ("my instagram is
 * private") is not taken unless it looks like a handle (a dot, an underscore or a digit in it).
 */

const PLATFORMS =
  'instagram|insta|ig|twitter|tiktok|tik tok|snapchat|snap|facebook|fb|threads|mastodon|bluesky|youtube|twitch|discord|reddit|linkedin|telegram|whatsapp|pinterest|tumblr|github|onlyfans|soundcloud|spotify|kik|wechat|vsco|behance|dribbble|substack';
const PLATFORM_NEAR = new RegExp(
  `(?<![\\p{L}])(?:${PLATFORMS}|handle|username|user name|follow|followed|follows|dm|dms|tag|tagged|mention|mentioned|socials|on x|x\\.com)(?![\\p{L}])`,
  'iu',
);
// A cheap look before the costly expressions, on every text: a platform's name or a word for a handle anywhere.
const PLATFORM_WORD = new RegExp(`${PLATFORMS.replace('|ig|', '|\\big\\b|').replace('|fb|', '|\\bfb\\b|')}|handle|username|user name|x\\.com`, 'i');
const TIME = /^@?\d{1,2}(?:[:.]\d\d)?\s?(?:am|pm|h)?$/i;

/** What follows "@" in chat and tools without being anyone: "@everyone", "@here", "@latest". */
const AT_WORDS = /^@(?:everyone|here|channel|all|latest|next|home|work|me|you|mention|someone|admin|admins|team)$/i;
const AT_HANDLE = /(?<![\p{L}\p{N}._%+-])@[\p{L}\p{N}_](?:[\p{L}\p{N}_.]*[\p{L}\p{N}_])?(?![\p{L}\p{N}_]|@|\.[\p{L}\p{N}])/gu;
// A handle as it is written ("lil.dre", "@maria_k"), or as speech-to-text writes it said aloud ("chloe dot bakes",
// "kemi underscore reads").
const HANDLE = `(?:[\\p{L}\\p{N}_]+(?: (?:dot|underscore) [\\p{L}\\p{N}_]+)+(?![\\p{L}\\p{N}_@]| (?:dot|underscore|at) )|@?[\\p{L}\\p{N}_](?:[\\p{L}\\p{N}_.]*[\\p{L}\\p{N}_])?)`;
// "my tiktok is lil.dre", "instagram: sunny.days_", "find me on insta at sunny.days_", "twitter handle j_smith",
// "add me on snapchat, it's chloe92", "my handle on linkedin is kwame.dev", "my handle is hannah.w.draws".
const NAMED = new RegExp(
  `(?<![\\p{L}])(?:(?:${PLATFORMS})(?: (?:handle|username|user name|name|account|page|id|channel))?|(?:handle|username|user name)(?: on (?:${PLATFORMS}))?)(?:,? (?:is|was|it's|it’s|its|at|as|:|=|-))*:? (${HANDLE})(?![\\p{L}\\p{N}_@])`,
  'dgiu',
);
// "I'm sunny.days_ on insta", "she's @lil.dre on tiktok", "she's kemi underscore reads on tiktok".
const BEFORE_PLATFORM = new RegExp(
  `(?<![\\p{L}\\p{N}_.@])([\\p{L}\\p{N}_]+(?: (?:dot|underscore) [\\p{L}\\p{N}_]+)+|[\\p{L}\\p{N}_]+[._][\\p{L}\\p{N}_.]*[\\p{L}\\p{N}_]|[\\p{L}_]+\\d+[\\p{L}\\p{N}_]*) on (?:${PLATFORMS})(?![\\p{L}])`,
  'dgiu',
);
/** A profile's link: "instagram.com/amaka.styles", "linkedin.com/in/priya-raman-84", "tiktok.com/@luca.cucina", "x.com/naledi_m". */
const PROFILE_URL =
  /(?<![\p{L}\p{N}.])(?:https?:\/\/)?(?:www\.)?(?:instagram|tiktok|twitter|x|linkedin|facebook|fb|youtube|threads|snapchat|github|pinterest|twitch|medium|substack|behance|dribbble|soundcloud|vsco)\.(?:com|net|tv)\/(?:in\/|@|channel\/|c\/|user\/)?[\p{L}\p{N}_.-]*[\p{L}\p{N}_](?:\/[\p{L}\p{N}_.-]*[\p{L}\p{N}_])?/giu;
/** On Facebook and LinkedIn people go by their display name: "my facebook is Weng Bautista Nurse". */
const DISPLAY_NAME =
  /(?<![\p{L}])(?:facebook|fb|linkedin)(?: (?:name|page|profile|account))?(?:,? (?:is|was|it's|it’s|:))+:? (\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+){1,3})/dgu;
/** A word joined by underscores ("ines_alves_03"): in a text that names a platform, likely a handle. */
const UNDERSCORED = /(?<![\p{L}\p{N}_.@/])[\p{L}\p{N}]+(?:_[\p{L}\p{N}]*)+(?![\p{L}\p{N}_@]|\.[\p{L}\p{N}])/gu;
/** Words that follow "my instagram is" and are not a handle. */
const NOT_HANDLE =
  /^(?:the|a|an|my|is|was|private|public|locked|down|great|good|fine|full|dead|empty|new|old|just|really|very|so|mostly|all|only|not|at|on|in|me|it|that|this|there|here|where|what|called|like|under|same|gone|deleted|banned|blocked|open|boring|fun|cool|mine|about|for|with|and|but|or|then|pretty|kind|sort|also|still|too|more|less|handle|username|name|account|page|linked|set|now|well|much|often|usual|usually|always|never|sometimes|though|too|before|after|anyway|everyone|people|someone|nobody|him|her|them|you|us)$/i;

/**
 * A plain word as a handle ("mariak"): only where the words before it are unmistakable ("my instagram handle is",
 * "find me on insta at", "tiktok: …") or "my instagram is" with a word that does not read as said of the
 * platform ("my instagram is private", "tiktok is addictive").
 */
function plainHandle(said: string, word: string, before: string): 'sure' | 'possible' | false {
  if (word.length < 3 || NOT_HANDLE.test(word)) return false;
  const lead = said.slice(0, said.length - word.length).toLowerCase();
  if (/(?:handle|username|user name|name|account|page|id|channel)\b|:\s*$| (?:at|as)\s*$|=\s*$/.test(lead)) return 'sure';
  const possessive = /(?:^|\s)(?:my|his|her|their|your|our)\s+$/i.test(before);
  return possessive && !/(?:ive|ful|ing|ed|able|ible|ous|less|ish|ic|al|ly|est|er)$/i.test(word) && 'possible';
}

/** Every social media handle in a text. */
export function detectHandles(s: string): Span[] {
  const out: Span[] = [];
  const at = s.includes('@');
  if (!at && !PLATFORM_WORD.test(s)) return out;
  if (s.includes('/') && /\.(?:com|net|tv)\//.test(s)) {
    PROFILE_URL.lastIndex = 0;
    for (let m = PROFILE_URL.exec(s); m; m = PROFILE_URL.exec(s)) out.push({ kind: 'handle', start: m.index, end: m.index + m[0].length, text: m[0] });
  }
  if (at) {
    AT_HANDLE.lastIndex = 0;
    for (let m = AT_HANDLE.exec(s); m; m = AT_HANDLE.exec(s)) {
      if (TIME.test(m[0]) || !/[\p{L}_]/u.test(m[0]) || AT_WORDS.test(m[0])) continue;
      // Inside a profile's link ("tiktok.com/@luca"): the link is the handle.
      if (out.some((o) => o.start <= m!.index && m!.index < o.end)) continue;
      const near = s.slice(Math.max(0, m.index - 40), m.index) + ' ' + s.slice(m.index + m[0].length, m.index + m[0].length + 30);
      const span: Span = { kind: 'handle', start: m.index, end: m.index + m[0].length, text: m[0] };
      if (!PLATFORM_NEAR.test(near.replace(/@/g, ' '))) Object.assign(span, { confidence: 'possible', reason: WHY.atNoPlatform });
      out.push(span);
    }
  }
  if (/facebook|\bfb\b|linkedin/i.test(s)) {
    DISPLAY_NAME.lastIndex = 0;
    for (let m = DISPLAY_NAME.exec(s); m; m = DISPLAY_NAME.exec(s)) {
      const [start, end] = m.indices![1]!;
      if (!out.some((o) => o.start < end && start < o.end)) out.push({ kind: 'handle', start, end, text: m[1]! });
    }
  }
  for (const re of [NAMED, BEFORE_PLATFORM]) {
    re.lastIndex = 0;
    for (let m = re.exec(s); m; m = re.exec(s)) {
      const text = m[1]!;
      const [start, end] = m.indices![1]!;
      if (out.some((o) => o.start < end && start < o.end)) continue;
      const shaped = /[._\d@]/.test(text) || / (?:dot|underscore) /i.test(text);
      const lead = s.slice(Math.max(0, m.index - 12), m.index);
      let plain = shaped ? 'sure' : plainHandle(m[0], text, lead);
      // With no platform named, "handle is" may be a door's: a plain word counts only after "my", and as possible.
      if (!shaped && plain && /^(?:handle|user ?name)/i.test(m[0])) plain = /(?:^|\s)(?:my|his|her|their|your|our)\s+$/i.test(lead) && 'possible';
      if (!plain) continue;
      if (TIME.test(text) || /^\d+$/.test(text.replace(/^@/, ''))) continue;
      const span: Span = { kind: 'handle', start, end, text };
      // "my instagram is mariak": most likely the handle, but a plain word may be something else said of it.
      if (plain === 'possible') Object.assign(span, { confidence: 'possible', reason: WHY.plainHandle });
      out.push(span);
    }
  }
  // The platform is named somewhere in the text (PLATFORM_WORD above), but not beside this one: 'possible'.
  if (s.includes('_')) {
    UNDERSCORED.lastIndex = 0;
    for (let m = UNDERSCORED.exec(s); m; m = UNDERSCORED.exec(s)) {
      const start = m.index;
      const end = start + m[0].length;
      if (/^_|_$/.test(m[0]) && m[0].length < 4) continue;
      if (!out.some((o) => o.start < end && start < o.end))
        out.push({ kind: 'handle', start, end, text: m[0], confidence: 'possible', reason: WHY.underscoredWord });
    }
  }
  return out;
}
