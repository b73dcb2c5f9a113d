import { WHY } from './possible-reasons';
import type { Span } from './spans';

/**
 * Postal addresses as a whole (issue 21 §1): the street line with its house number, a flat or apartment, the
 * town and the postcode, so no part of one is left behind when it is replaced ("14 Cedar Road, Didsbury,
 * Manchester M20 2RL" is one span, not a postcode with its street line kept). UK and US forms ("Flat 3, 27
 * Hope St", "1234 Elm St, Apt 5, Springfield, IL 62704"), European forms with the street type before or after
 * the name ("Hauptstraße 12, 10115 Berlin", "12 rue de la Paix, 75002 Paris", "Calle Mayor 5, 28013 Madrid",
 * "ul. Długa 5/7, 00-238 Warszawa"), and what speech-to-text writes ("i live at 42 mill lane in leeds").
 *
 * A street line is found by its shape (a house number beside a street-type word) and then grown, piece by
 * piece, over what follows it in an address: a flat, a town after a comma, "in" a town, a postcode, a state
 * and ZIP code. Street types that are also ordinary words ("park", "hill", "green", "walk") count only
 * capitalised, and the words of a street's name are never function words, so "3 miles down the road" and
 * "2 weeks in court" are not addresses. After "I live at", "my address is", "we moved to" a house number with
 * a name but no street type is found too, as 'possible'.
 */

// Street types said after the name ("Cedar Road"). Those that are hardly ever anything else are found in any
// case (speech-to-text writes them in lowercase); the others ("way", "close", "drive", "terrace": "in 1 easy way",
// "a 3 bedroom terrace") only capitalised, or after words that say an address follows ("i live at 4 mill way").
const EN_SAFE_TYPES = new Set('road rd street st lane ln avenue ave boulevard blvd crescent cres gardens gdns mews parkway pkwy highway hwy'.split(' '));
const EN_TYPES =
  'road|rd|street|st|lane|ln|avenue|ave|drive|dr|close|crescent|cres|way|place|pl|court|ct|gardens|gdns|terrace|terr|boulevard|blvd|square|sq|grove|mews|parade|parkway|pkwy|highway|hwy|circle|cir|crt|trail|alley|wynd|chase|row|hill|park|green|walk|rise|view|vale|yard|quay|gate|wharf|heights|meadows|common|fields';
// Types said before the name: French after the number ("12 rue de la Paix"); Spanish, Italian, Portuguese and
// Polish before the name and its number ("Calle Mayor 5", "Via Roma 10", "ul. Długa 5/7").
const FR_TYPES = 'rue|boulevard|bd|chemin|allée|allee|impasse|quai|cours|avenue|av\\.|place|route';
const PREFIX_TYPES =
  'Calle|C/|Avenida|Avda\\.?|Plaza|Paseo|Carrer|Camino|Via|Viale|Piazza|Corso|Largo|Vicolo|Rua|Travessa|Praça|Praca|Avenida|Ulica|ul\\.|Ul\\.|ulica|Plac|Aleje|Aleja|Rynek|Osiedle|Piazzale|Rue|Boulevard|Avenue|Place';
// Compound street names that end in their type (German, Dutch, Nordic): "Hauptstraße", "Keizersgracht".
const SUFFIXES = 'straße|strasse|str\\.|weg|gasse|platz|allee|damm|ufer|gracht|laan|straat|plein|kade|singel|dijk|steeg|gatan|vägen|veien|vej';
// Particles inside a street's name: "rue de la Paix", "Calle del Carmen", "Rua dos Anjos", "Berliner Straße".
const PARTICLES = "de|la|le|les|du|des|d'|l'|del|della|delle|di|da|do|dos|das|van|von|der|den|het|am|an|im|y|e";
/** Words that are never part of a street's name or a town after a comma: function words, pronouns, fillers. */
const STOP =
  'the|a|an|and|or|but|so|of|to|in|on|at|by|for|from|with|into|onto|up|down|over|under|along|across|past|near|off|out|my|our|your|his|her|their|its|this|that|these|those|there|here|i|we|you|he|she|they|it|me|us|them|is|was|are|were|be|been|am|more|less|other|another|same|each|every|all|some|any|few|many|much|one|two|three|four|five|six|seven|eight|nine|ten|first|last|next|times|time|minutes|minute|hours|hour|days|day|weeks|week|months|month|years|year|miles|mile|km|kms|metres|meters|yards|feet|steps|blocks|doors|houses|people|kids|best|worst|only|just|very|really|yeah|yes|no|not|um|uh|oh|well|then|when|where|which|who|what|because|also|anyway|actually|if|now';

const L = "\\p{L}[\\p{L}'’.-]*";
const NOT_STOP = `(?!(?:${STOP})(?![\\p{L}'’]))`;
// A word of a street's name, or an ordinal ("5th Avenue", "West 42nd Street").
const NAME_WORD = `(?:${NOT_STOP}${L}|\\d{1,3}(?:st|nd|rd|th))`;
// A house number: "14", "221B", "5/7", "12-14", "27a". Not a price, a time, a decimal or an ordinal ("1st").
const NUM = `(?<![\\p{L}\\p{N}.,:£$€¥#/-])\\d{1,5}[A-Za-z]?(?:[/-]\\d{1,4}[A-Za-z]?)?(?![\\p{L}\\p{N}]|[.,:]\\d|%)`;
// The number after a street's name ("Calle Mayor 5"): at most four digits, so "Rue X, 75008" is a postcode.
const NUM_AFTER = `\\d{1,4}[A-Za-z]?(?:[/-]\\d{1,4}[A-Za-z]?)?(?![\\p{L}\\p{N}]|[.,:]\\d|%)`;
const UNIT = '(?:flat|apartment|apt\\.?|unit|suite|ste\\.?|room|floor)';
const UNIT_BEFORE = `(?:(?<![\\p{L}])${UNIT} ?\\d{1,4}[A-Za-z]?,? )?`;

/** A house number, a name of one to three words and an English street type: "14 Cedar Road", "221B Baker Street". */
const EN_STREET = new RegExp(
  `${UNIT_BEFORE}${NUM},? (?:${NAME_WORD} ){0,2}${NAME_WORD} (${EN_TYPES})(?![\\p{L}'’])\\.?(?: (?:N|S|E|W|NE|NW|SE|SW|North|South|East|West)(?![\\p{L}]))?`,
  'giu',
);
/** "12 rue de la Paix", "5 avenue des Champs-Élysées". */
const FR_STREET = new RegExp(`${NUM},? (?:${FR_TYPES}) (?:(?:${PARTICLES}) ?)*\\p{Lu}[\\p{L}'’-]*(?: (?:(?:${PARTICLES}) ?)*\\p{Lu}[\\p{L}'’-]*){0,3}`, 'gu');
/** "Calle Mayor 5", "Via Roma 10", "ul. Długa 5/7", "Rua Augusta, 25". */
const PREFIX_STREET = new RegExp(
  `(?<![\\p{L}])(?:${PREFIX_TYPES}) (?:(?:${PARTICLES}) ?)*\\p{Lu}[\\p{L}'’-]*(?: (?:(?:${PARTICLES}) ?)*\\p{Lu}[\\p{L}'’-]*){0,3},? ${NUM_AFTER}`,
  'gu',
);
/** "Hauptstraße 12", "Berliner Straße 5a", "Keizersgracht 123", "Kurfürstendamm 21". */
const CAP_SUFFIXES = SUFFIXES.split('|')
  .map((w) => w[0]!.toUpperCase() + w.slice(1))
  .join('|');
const SUFFIX_STREET = new RegExp(`(?<![\\p{L}])(?:\\p{Lu}\\p{Ll}+(?:e[rns])? )?(?:\\p{Lu}\\p{Ll}*(?:${SUFFIXES})|${CAP_SUFFIXES}) ${NUM_AFTER}`, 'gu');
/** A name that ends in its type, English: "19 Kingsway", "1585 Broadway". */
const EN_COMPOUND = new RegExp(`${NUM},? \\p{Lu}\\p{Ll}{2,}way(?![\\p{L}])`, 'gu');
/** "P.O. Box 1234", "PO Box 77". */
const PO_BOX = /(?<![\p{L}])p\.? ?o\.? ?box \d{1,6}(?![\p{L}\p{N}])/giu;
// What says the next words are an address: "I live at", "my address is", "we moved to", "lives on".
const CONTEXT =
  /\b(?:(?:i|we|they|he|she|who)\s+(?:still\s+|now\s+|currently\s+)?(?:live|lives|lived|living|stay|stays|stayed|staying|moved|move|moving)\s+(?:to|at|on|in)|(?:my|our|his|her|their|home|postal|street|the)\s+address(?:\s+is|:)?|address:|moved\s+(?:house\s+)?to|moving\s+to|send\s+it\s+to|deliver(?:ed|y)?\s+to)\s+(?:number\s+|no\.?\s+)?$/i;
/** After CONTEXT: a house number and a name without a street type ("I live at 12 Oakwood, Leeds"). */
const CONTEXT_STREET = new RegExp(`^${NUM} (?:${NAME_WORD} ){0,2}${NAME_WORD}`, 'iu');

// The pieces an address goes on with, tried one after another where the last one ended (sticky).
const US_STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC';
const UK_PC = '(?:GIR ?0AA|[A-PR-UWYZ][A-HK-Y]?\\d[A-Z\\d]? ?\\d[ABD-HJLNP-UW-Z]{2})';
const PLACE = `\\p{Lu}[\\p{L}'’.-]+(?:[ -](?:(?:${PARTICLES}|upon|on|sur|am|an|im)[ -])?\\p{Lu}[\\p{L}'’.-]+){0,2}`;
const NEXT_UNIT = new RegExp(`,? (?:${UNIT}|#|no\\.?) ?\\d{1,4}[A-Za-z]?(?![\\p{L}\\p{N}])`, 'iuy');
const NEXT_US_STATE_ZIP = new RegExp(`,? (?:${US_STATES})\\.?,? \\d{5}(?:-\\d{4})?(?![\\p{L}\\p{N}])`, 'uy');
const NEXT_UK_PC = new RegExp(`,? ${UK_PC}(?![\\p{L}\\p{N}])`, 'iuy');
// A European postcode with its town: "10115 Berlin", "75002 Paris", "1015 CJ Amsterdam", "00-238 Warszawa", "D-10115 Berlin".
const NEXT_EU_PC_TOWN = new RegExp(`,? (?:[A-Z]{1,2}-)?(?:\\d{4}-\\d{3}|\\d{3} \\d{2}|\\d{4,5}|\\d{2}-\\d{3}|\\d{4} ?[A-Z]{2}) ${PLACE}`, 'uy');
const NEXT_ZIP = new RegExp(`,? \\d{5}(?:-\\d{4})?(?![\\p{L}\\p{N}])`, 'uy');
const NEXT_TOWN = new RegExp(`, ${PLACE}`, 'uy');
const NEXT_IN_TOWN = new RegExp(`,? in (?:${NOT_STOP}\\p{L}[\\p{L}'’-]+)(?: (?:upon|on) \\p{L}[\\p{L}'’-]+)?`, 'iuy');
// A town without a comma before it counts only when a postcode follows it ("Hope St Leeds LS1 4AB"); in any
// case, as speech-to-text writes it ("16 oak tree road sheffield s10 2ab").
const NEXT_TOWN_BEFORE_PC = new RegExp(`,? ${PLACE}(?=,? (?:${UK_PC}|(?:${US_STATES}),? \\d{5}|\\d{5})(?![\\p{L}\\p{N}]))`, 'iuy');
const NEXT = [NEXT_UNIT, NEXT_US_STATE_ZIP, NEXT_UK_PC, NEXT_EU_PC_TOWN, NEXT_ZIP, NEXT_TOWN_BEFORE_PC, NEXT_TOWN, NEXT_IN_TOWN];

/** Capitalised words that start a new sentence or clause, not a town: "…Hope St, I think", "…Road, Then we". */
const NOT_TOWN = new RegExp(
  `^(?:${STOP}|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|near|next|just|because|but|and|so|though|although|which|apt|flat|town|city|the)(?![\\p{L}'’])`,
  'iu',
);

// Cheapest look first: a house number before a word ("14 Cedar") or after one ("Calle Mayor 5"), not "Question 1:".
const SHAPE = /\d[A-Za-z]?(?:[/-]\d{1,4}[A-Za-z]?)?,? \p{L}|\p{L}\.? \d{1,4}[A-Za-z]?(?:[/-]\d{1,4}[A-Za-z]?)?(?![\p{N}:.])/u;
// Cheap look before the costly expressions: a street-type word, or a context that says an address follows.
const HINT = new RegExp(
  `(?:^|[^\\p{L}])(?:${EN_TYPES}|${FR_TYPES}|${PREFIX_TYPES})(?![\\p{L}])|${SUFFIXES}|address|live|lives|lived|moved|moving|deliver|send it|box`,
  'iu',
);

function grow(s: string, end: number): number {
  let at = end;
  for (let pieces = 0; pieces < 6; pieces++) {
    let moved = false;
    for (const re of NEXT) {
      re.lastIndex = at;
      const m = re.exec(s);
      if (!m) continue;
      if ((re === NEXT_TOWN || re === NEXT_IN_TOWN || re === NEXT_TOWN_BEFORE_PC) && NOT_TOWN.test(m[0].replace(/^,? (?:in )?/i, ''))) continue;
      at += m[0].length;
      moved = true;
      break;
    }
    if (!moved) break;
  }
  return at;
}

function push(out: Span[], s: string, start: number, end: number, possible = false): void {
  let e = end;
  // A sentence's full stop or comma is not part of the address (an abbreviation's dot is kept: "St." stays whole).
  while (e > start && /[,;:]/.test(s[e - 1]!)) e--;
  const span: Span = { kind: 'address', start, end: e, text: s.slice(start, e) };
  if (possible) Object.assign(span, { confidence: 'possible', reason: WHY.streetNoType });
  out.push(span);
}

/** Every address in a text, each as one span from its flat or house number to its postcode or town. */
export function detectAddresses(s: string): Span[] {
  const out: Span[] = [];
  if (!SHAPE.test(s) || !HINT.test(s)) return out;
  for (const re of [EN_STREET, EN_COMPOUND, FR_STREET, PREFIX_STREET, SUFFIX_STREET, PO_BOX]) {
    re.lastIndex = 0;
    for (let m = re.exec(s); m; m = re.exec(s)) {
      const type = m[1];
      if (type && !EN_SAFE_TYPES.has(type.toLowerCase()) && !/^\p{Lu}/u.test(type) && !CONTEXT.test(s.slice(Math.max(0, m.index - 40), m.index))) {
        // Not this street line: look again from the word after its number.
        re.lastIndex = m.index + 1;
        continue;
      }
      push(out, s, m.index, grow(s, m.index + m[0].length));
    }
  }
  // After "I live at", a house number and a name with no street type the lists know.
  for (let i = s.search(/\d/); i >= 0 && i < s.length;) {
    if (CONTEXT.test(s.slice(Math.max(0, i - 40), i)) && !out.some((o) => o.start <= i && i < o.end)) {
      const m = CONTEXT_STREET.exec(s.slice(i));
      if (m) push(out, s, i, grow(s, i + m[0].length), true);
    }
    const next = s.slice(i).search(/\D\d/);
    i = next < 0 ? -1 : i + next + 1;
  }
  return out;
}
