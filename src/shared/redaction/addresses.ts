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
const SUFFIXES =
  'straße|strasse|str\\.|weg|gasse|platz|allee|damm|ufer|gracht|laan|straat|plein|kade|singel|dijk|steeg|gatan|gaten|gata|gade|vägen|veien|vegen|vej|katu|utca';
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
/** A house number said in words after "I live at" or "number": "twelve acacia avenue", "twenty-seven mill road". */
const WORD_NUM =
  '(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)';
// The number after a street's name ("Calle Mayor 5"): at most four digits, so "Rue X, 75008" is a postcode.
const NUM_AFTER = `\\d{1,4}[A-Za-z]?(?:[/-]\\d{1,4}[A-Za-z]?)?(?![\\p{L}\\p{N}]|[.,:]\\d|%)`;
const UNIT =
  '(?:flat|apartment|appartement|apartamento|appartamento|apt\\.?|unit|suite|ste\\.?|room|floor|piso|planta|puerta|interno|int\\.|scala|étage|etage|bâtiment|batiment|block|bloc)';
const UNIT_BEFORE = `(?:(?<![\\p{L}])${UNIT} ?\\d{1,4}[A-Za-z]?,? )?`;

/** A house number, a name of one to three words and an English street type: "14 Cedar Road", "221B Baker Street". */
const EN_STREET = new RegExp(
  `${UNIT_BEFORE}${NUM},? (?:the (?:${NAME_WORD} ){0,2}|(?:${NAME_WORD} ){0,2}${NAME_WORD} )(${EN_TYPES})(?![\\p{L}'’])\\.?(?: (?:N|S|E|W|NE|NW|SE|SW|North|South|East|West|Ouest|Est|Nord|Sud)(?![\\p{L}]))?`,
  'giu',
);
/** "12 rue de la Paix", "5 avenue des Champs-Élysées". */
const FR_STREET = new RegExp(
  `${NUM}(?: (?:bis|ter|quater))?,? (?:${FR_TYPES}|Rue|Boulevard|Avenue|Allée|Chemin|Impasse|Quai|Place) (?:(?:${PARTICLES}) ?)*\\p{Lu}[\\p{L}'’-]*(?: (?:(?:${PARTICLES}) ?)*\\p{Lu}[\\p{L}'’-]*){0,3}`,
  'gu',
);
/** The same in lowercase: "27 avenue jean jaurès", "3 rue des lilas". Only the types no English address uses after its number. */
const FR_STREET_LOWER = new RegExp(
  `${NUM}(?: (?:bis|ter))?,? (?:rue|boulevard|bd|chemin|allée|allee|impasse|quai|avenue) (?:(?:${PARTICLES}) ?)*${NOT_STOP}\\p{Ll}[\\p{L}'’-]*(?: ${NOT_STOP}(?:(?:${PARTICLES}) ?)*\\p{Ll}[\\p{L}'’-]*){0,2}(?=,)`,
  'gu',
);
/** "Calle Mayor 5", "Via Roma 10", "ul. Długa 5/7", "Rua Augusta, 25". */
const PREFIX_STREET = new RegExp(
  `(?<![\\p{L}])(?:${PREFIX_TYPES}) (?:(?:${PARTICLES}) ?)*\\p{Lu}[\\p{L}'’-]*(?: (?:(?:${PARTICLES}) ?)*\\p{Lu}[\\p{L}'’-]*){0,3},? ${NUM_AFTER}`,
  'gu',
);
/** The same in lowercase, as speech-to-text writes it: "calle mayor 12", "via dei mille 14" ("via" only with a particle). */
const PREFIX_STREET_LOWER = new RegExp(
  `(?<![\\p{L}])(?:calle|avenida|carrer|rua|viale|piazza|corso|ulica|via(?= (?:dei|de|di|del|dell|della|delle|degli|san|santa)(?![\\p{L}])))(?: (?:${PARTICLES}|dei|degli|dell'|san|santa))* ${NOT_STOP}\\p{L}[\\p{L}'’-]*(?: ${NOT_STOP}\\p{L}[\\p{L}'’-]*){0,2},? ${NUM_AFTER}`,
  'gu',
);
/** German streets named with a preposition: "Am Markt 3", "An der Alster 12", "Im Winkel 4". Only with a postcode after them. */
const DE_PREP_STREET = new RegExp(
  `(?<![\\p{L}])(?:Am|An der|Auf dem|Im|Zum|Zur|In der|Unter den) \\p{Lu}[\\p{L}'’-]*(?: \\p{Lu}[\\p{L}'’-]*)?,? ${NUM_AFTER}`,
  'gu',
);
/** Japanese addresses in romaji: block numbers "1-2-3" beside a district, with a ward or city ("Shibuya-ku") or a postcode after. */
const JP_BLOCK = new RegExp(
  `(?<![\\p{L}\\p{N}-])(?:\\d{1,2}-\\d{1,2}(?:-\\d{1,3})?,? \\p{Lu}\\p{Ll}+(?:-\\p{Ll}+)?|\\p{Lu}\\p{Ll}+(?:-\\p{Ll}+)?,? \\d{1,2}-\\d{1,2}(?:-\\d{1,3})?)(?![\\p{L}\\p{N}-])`,
  'gu',
);
const JP_WARD = /\p{Lu}\p{Ll}+-(?:ku|shi|cho|chō|machi|mura|gun|ken|to|fu)\b|\d{3}-\d{4}/u;
/**
 * An address that starts at its flat, house or plot, with no street type after its number: "Flat 302, Sai
 * Residency, 14th Cross, Indiranagar, Bengaluru 560038", "H.No. 12-5-34, Road No. 3, Banjara Hills, Hyderabad
 * 500034", "B-204, Sector 62, Noida 201301". Kept only when what follows reads as an address (below).
 */
const UNIT_LED = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(?:flat|apartment|apt\\.?|unit|suite|house|plot|h\\. ?no\\.|house no\\.?|door no\\.?)(?: no\\.?)? ?\\d{1,5}[A-Za-z]?(?:[/-]\\d{1,4}[A-Za-z]?){0,3}|[A-Z]-\\d{2,4}[A-Z]?),`,
  'giu',
);
/** "Hauptstraße 12", "Berliner Straße 5a", "Keizersgracht 123", "Kurfürstendamm 21". */
const CAP_SUFFIXES = SUFFIXES.split('|')
  .map((w) => w[0]!.toUpperCase() + w.slice(1))
  .join('|');
// With the words of its name before it: "Berliner Straße 5", "Witte de Withstraat 50".
const SUFFIX_STREET = new RegExp(
  `(?<![\\p{L}])(?:${NOT_STOP}\\p{Lu}\\p{Ll}+(?:e[rns])? (?:(?:${PARTICLES}) )*){0,2}(?:\\p{Lu}\\p{Ll}*(?:${SUFFIXES})|${CAP_SUFFIXES}) ${NUM_AFTER}`,
  'gu',
);
/** A name that ends in its type, English: "19 Kingsway", "1585 Broadway". */
const EN_COMPOUND = new RegExp(`${NUM},? \\p{Lu}\\p{Ll}{2,}way(?![\\p{L}])`, 'gu');
/** "P.O. Box 1234", "PO Box 77". */
const PO_BOX =
  /(?<![\p{L}])(?:p\.? ?o\.? ?box|post office box|p\.? ?m\.? ?b\.?|private bag|postbus|apartado(?: de correos)?|casella postale|boîte postale|bp) ?x?\d{1,6}(?![\p{L}\p{N}])/giu;
// What says the next words are an address: "I live at", "my address is", "we moved to", "lives on".
const CONTEXT =
  /\b(?:(?:i|we|they|he|she|who)\s+(?:still\s+|now\s+|currently\s+)?(?:live|lives|lived|living|stay|stays|stayed|staying|moved|move|moving)\s+(?:to|at|on|in)|(?:my|our|his|her|their|home|postal|street|the)\s+address(?:\s+is|:)?|address:|moved\s+(?:house\s+)?to|moving\s+to|send\s+it\s+to|deliver(?:ed|y)?\s+to)\s+(?:number\s+|no\.?\s+)?$/i;
/**
 * Wider: words after which a number and a street-type word are an address even when the type is also an ordinary
 * word ("my mum lives at number twelve acacia avenue", "goes to 1427 maple drive", "we're at 2 the green").
 */
const CONTEXT_WIDE =
  /\b(?:(?:live|lives|lived|living|stay|stays|stayed|staying|based|moved|move|moving|goes|go|went|sent|send|post|posted|ship|shipped|deliver|delivered|write|is|are|was|were|['’]s|['’]re)\s+(?:to|at|on|in)|address(?:\s+is|\s+was|:)?|c\/o|care of)(?:[\s,]+[\p{L}'’]+){0,3}?[\s,]+(?:number\s+|no\.?\s+)?$/iu;
/** After CONTEXT: a house number and a name without a street type ("I live at 12 Oakwood, Leeds"). */
const CONTEXT_STREET = new RegExp(`^${NUM} (?:${NAME_WORD} ){0,2}${NAME_WORD}`, 'iu');

// The pieces an address goes on with, tried one after another where the last one ended (sticky).
const US_STATES =
  'AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC';
const US_STATE_NAMES =
  'alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new hampshire|new jersey|new mexico|new york|north carolina|north dakota|ohio|oklahoma|oregon|pennsylvania|rhode island|south carolina|south dakota|tennessee|texas|utah|vermont|virginia|washington|west virginia|wisconsin|wyoming';
const CA_PROVINCES =
  'AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT|alberta|british columbia|manitoba|new brunswick|newfoundland|nova scotia|ontario|quebec|québec|saskatchewan|yukon';
const AU_STATES = 'NSW|VIC|QLD|WA|SA|TAS|ACT|NT';
const UK_PC = '(?:GIR ?0AA|[A-PR-UWYZ][A-HK-Y]?\\d[A-Z\\d]? ?\\d[ABD-HJLNP-UW-Z]{2})';
const CA_PC = '[ABCEGHJ-NPRSTVXY]\\d[A-Z] ?\\d[A-Z]\\d';
const EIRCODE = '[ACDEFHKNPRTVWXY]\\d[\\dW] ?(?=[0-9ACDEFHKNPRTVWXY]{0,3}\\d)[0-9ACDEFHKNPRTVWXY]{4}';
// A town's name: capitalised words, with a district number after it ("Dublin 7", "Lekki Phase 1", "Sector 62",
// "Road No. 3"), or an ordinal road before it ("14th Cross").
const PLACE = `(?:\\d{1,3}(?:st|nd|rd|th) )?\\p{Lu}[\\p{L}'’.-]+(?:[ -](?:(?:${PARTICLES}|upon|on|sur|am|an|im)[ -])?\\p{Lu}[\\p{L}'’.-]+){0,2}(?: (?:No\\.? )?\\d{1,2}(?![\\p{L}\\p{N}]|[.:,]\\d))?`;
const NEXT_UNIT = new RegExp(`,? (?:${UNIT}|#|no\\.?) ?\\d{1,4}[A-Za-z]?(?![\\p{L}\\p{N}])`, 'iuy');
// A Spanish floor and door: "3º B", "2º izquierda".
const NEXT_ES_FLOOR = /,? \d{1,2}[º°ª](?: ?[A-Z](?![\p{L}])| (?:izq(?:uierda)?|izda|dcha|derecha|centro)\.?)?/iuy;
const NEXT_US_STATE_ZIP = new RegExp(`,? (?:${US_STATES})\\.?,? \\d{5}(?:-\\d{4})?(?![\\p{L}\\p{N}])`, 'uy');
// The state in lowercase or in full, after a comma: ", ny 10118", ", ohio 43215".
const NEXT_US_STATE_ZIP_SAID = new RegExp(`, (?:${US_STATES}|${US_STATE_NAMES})\\.?,? \\d{5}(?:-\\d{4})?(?![\\p{L}\\p{N}])`, 'iuy');
const NEXT_CA = new RegExp(`,? (?:(?:${CA_PROVINCES})\\.?,? )?${CA_PC}(?![\\p{L}\\p{N}])`, 'iuy');
const NEXT_AU = new RegExp(`,? (?:${AU_STATES})\\.?,? \\d{4}(?![\\p{L}\\p{N}])`, 'iuy');
const NEXT_UK_PC = new RegExp(`,? ${UK_PC}(?![\\p{L}\\p{N}])`, 'iuy');
const NEXT_EIRCODE = new RegExp(`,? ${EIRCODE}(?![\\p{L}\\p{N}])`, 'iuy');
// A European postcode with its town: "10115 Berlin", "75002 Paris", "1015 CJ Amsterdam", "00-238 Warszawa", "D-10115 Berlin".
const NEXT_EU_PC_TOWN = new RegExp(`,? (?:[A-Z]{1,2}-)?(?:\\d{4}-\\d{3}|\\d{3} \\d{2}|\\d{4,5}|\\d{2}-\\d{3}|\\d{4} ?[A-Z]{2}) ${PLACE}`, 'uy');
// The same in lowercase ("31000 toulouse"), the town one word.
const NEXT_EU_PC_TOWN_LOWER = new RegExp(`,? (?:\\d{5}|\\d{4}) ${NOT_STOP}\\p{Ll}{3,}(?![\\p{L}])`, 'uy');
const NEXT_ZIP = new RegExp(`,? \\d{5}(?:-\\d{4})?(?![\\p{L}\\p{N}])`, 'uy');
// India's six-digit PIN ("560038", "560 038"), Japan's postcode ("150-0001"), and four digits that end an
// address (South Africa, Australia: ", 8001"; not "…, 2019 was great").
const NEXT_PIN = /,? \d{3} ?\d{3}(?![\p{L}\p{N}])/uy;
const NEXT_JP_PC = /,? \d{3}-\d{4}(?![\p{L}\p{N}])/uy;
const NEXT_FOUR = /,? \d{4}(?=[.,;!?)]|$| (?:and|but|so|which|if|or)\b)/uy;
const NEXT_TOWN = new RegExp(`, ${PLACE}`, 'uy');
// An Italian province's two letters after its town: "Milano MI".
const NEXT_PROVINCE = /,? [A-Z]{2}(?=[.,;!?)]|$)/uy;
const NEXT_IN_TOWN = new RegExp(`,? in (?:${NOT_STOP}\\p{L}[\\p{L}'’-]+)(?: (?:upon|on) \\p{L}[\\p{L}'’-]+)?`, 'iuy');
// A town without a comma before it counts only when a postcode follows it ("Hope St Leeds LS1 4AB"); in any
// case, as speech-to-text writes it ("16 oak tree road sheffield s10 2ab", "12 smith st, fitzroy vic 3065").
const NEXT_TOWN_BEFORE_PC = new RegExp(
  `,? ${PLACE}(?=,? (?:${UK_PC}|${EIRCODE}|(?:${US_STATES}|${US_STATE_NAMES}),? \\d{5}|(?:${CA_PROVINCES}),? ${CA_PC}|(?:${AU_STATES}),? \\d{4}|\\d{5}|\\d{3} ?\\d{3})(?![\\p{L}\\p{N}]))`,
  'iuy',
);
// A lowercase town after a comma at the end of a clause: "via dei mille 14, napoli."
const NEXT_TOWN_LOWER = new RegExp(`, ${NOT_STOP}\\p{Ll}{3,}(?:[ -]${NOT_STOP}\\p{Ll}{3,})?(?=[.;!?)]|$|, )`, 'uy');
const NEXT: RegExp[] = [
  NEXT_UNIT,
  NEXT_ES_FLOOR,
  NEXT_US_STATE_ZIP,
  NEXT_US_STATE_ZIP_SAID,
  NEXT_UK_PC,
  NEXT_CA,
  NEXT_AU,
  NEXT_EIRCODE,
  NEXT_EU_PC_TOWN,
  NEXT_EU_PC_TOWN_LOWER,
  NEXT_ZIP,
  NEXT_JP_PC,
  NEXT_PIN,
  NEXT_FOUR,
  NEXT_TOWN_BEFORE_PC,
  NEXT_TOWN,
  NEXT_PROVINCE,
  NEXT_IN_TOWN,
  NEXT_TOWN_LOWER,
];
/** The pieces that are a postcode: an address that reaches one is an address whatever came before it. */
const POSTCODE_PIECES = new Set<RegExp>([
  NEXT_US_STATE_ZIP,
  NEXT_US_STATE_ZIP_SAID,
  NEXT_UK_PC,
  NEXT_CA,
  NEXT_AU,
  NEXT_EIRCODE,
  NEXT_EU_PC_TOWN,
  NEXT_EU_PC_TOWN_LOWER,
  NEXT_ZIP,
  NEXT_JP_PC,
  NEXT_PIN,
  NEXT_FOUR,
]);
const TOWN_PIECES = new Set<RegExp>([NEXT_TOWN, NEXT_IN_TOWN, NEXT_TOWN_BEFORE_PC, NEXT_TOWN_LOWER]);

/** Capitalised words that start a new sentence or clause, not a town: "…Hope St, I think", "…Road, Then we". */
const NOT_TOWN = new RegExp(
  `^(?:${STOP}|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|near|next|just|because|but|and|so|though|although|which|apt|flat|town|city|the|above|below|behind|opposite|beside|round|around|please|thanks|probably|maybe|still|again|already|right|ok|okay|sorry|sure|like)(?![\\p{L}'’])`,
  'iu',
);

// Cheapest look first: a house number before a word ("14 Cedar") or after one ("Calle Mayor 5"), not "Question 1:".
const SHAPE = /\d[A-Za-z]?(?:[/-]\d{1,4}[A-Za-z]?)?,? \p{L}|\p{L}\.? \d{1,4}[A-Za-z]?(?:[/-]\d{1,4}[A-Za-z]?)?(?![\p{N}:.])/u;
// Cheap look before the costly expressions: a street-type word, a flat or plot, a Japanese ward, a postcode's
// shape, or a context that says an address follows.
const HINT = new RegExp(
  `(?:^|[^\\p{L}])(?:${EN_TYPES}|${FR_TYPES}|${PREFIX_TYPES}|flat|apartment|plot|h\\.)(?![\\p{L}])|${SUFFIXES}|address|live|lives|lived|moved|moving|deliver|send it|box|p\\.? ?m\\.? ?b|private bag`,
  'iu',
);
// And, only where that fails, the shapes of what an address without a street type holds (case-sensitive, so
// cheap): a ward ("Shibuya-ku"), "B-204", a UK postcode or an Eircode, a postcode before its town ("28195 Bremen").
const HINT_SHAPES = /\p{Ll}-(?:ku|shi|cho|machi)\b|\b[A-Z]-\d|[A-Z]\d[\dA-Z]? ?\d[A-Z]{2}\b|\b[ACDEFHKNPRTVWXY]\d[\dW] [0-9A-Z]{4}\b|\d{5} \p{L}/u;
/** Words before a house number that are part of the address: "No. 7 Awolowo Road", "Plot 5, Admiralty Way". */
const LEAD = new RegExp(
  `(?<![\\p{L}])(?:no\\.?|plot|h\\. ?no\\.|house no\\.?|door no\\.?|block [a-z0-9]{1,3},?|${UNIT} ?\\d{1,4}[A-Za-z]?,?(?: \\p{Lu}[\\p{L}'’-]+){0,3},?|${UNIT}\\.?)\\s?$`,
  'iu',
);

type Grown = { end: number; postcode: boolean; towns: number };

function grow(s: string, end: number): Grown {
  const g: Grown = { end, postcode: false, towns: 0 };
  for (let pieces = 0; pieces < 7; pieces++) {
    let moved = false;
    for (const re of NEXT) {
      re.lastIndex = g.end;
      const m = re.exec(s);
      if (!m) continue;
      const town = TOWN_PIECES.has(re);
      if (town && NOT_TOWN.test(m[0].replace(/^,? (?:in )?/i, ''))) continue;
      // "…mill road, obviously.": an adverb is not a town.
      if (re === NEXT_TOWN_LOWER && /ly(?![\p{L}])/u.test(m[0])) continue;
      g.end += m[0].length;
      if (POSTCODE_PIECES.has(re)) g.postcode = true;
      if (town) g.towns++;
      moved = true;
      break;
    }
    if (!moved) break;
  }
  return g;
}

function push(out: Span[], s: string, start: number, end: number, possible = false): void {
  let e = end;
  let b = start;
  // A sentence's full stop or comma is not part of the address (an abbreviation's dot is kept: "St." stays whole).
  while (e > b && /[,;:]/.test(s[e - 1]!)) e--;
  // "…Rotterdam." ends a sentence; "…Hope St." keeps its abbreviation's dot.
  if (s[e - 1] === '.' && /\p{L}{4,}\.$/u.test(s.slice(b, e))) e--;
  const lead = LEAD.exec(s.slice(Math.max(0, b - 50), b));
  if (lead) b -= lead[0].length;
  if (out.some((o) => o.start <= b && e <= o.end)) return;
  const span: Span = { kind: 'address', start: b, end: e, text: s.slice(b, e) };
  if (possible) Object.assign(span, { confidence: 'possible', reason: WHY.streetNoType });
  out.push(span);
}

const before = (s: string, i: number) => s.slice(Math.max(0, i - 60), i);

/** Street lines that need what is around them to count: each with its test of what it grew into. */
const WEAK: readonly [RegExp, (g: Grown, start: number, s: string, m: RegExpExecArray) => boolean][] = [
  // "27 avenue jean jaurès, 31000 toulouse": in lowercase, a postcode or a town after it.
  [FR_STREET_LOWER, (g) => g.postcode || g.towns > 0],
  [PREFIX_STREET_LOWER, (g, i, s) => g.postcode || g.towns > 0 || CONTEXT_WIDE.test(before(s, i))],
  // "Am Markt 3" only with its postcode: "Am I 30" is a question.
  [DE_PREP_STREET, (g) => g.postcode],
  // "1-2-3 Jingumae, Shibuya-ku": a ward, a city or a Japanese postcode in what follows.
  [JP_BLOCK, (g, i, s, m) => JP_WARD.test(s.slice(i + m[0].length, g.end)) || JP_WARD.test(s.slice(g.end, g.end + 24))],
  // "Flat 302, Sai Residency, …, Bengaluru 560038": a flat with no street type needs a postcode, or two places.
  [UNIT_LED, (g) => g.postcode || g.towns >= 2],
];

/** A number said in words with a street type, after words that say an address follows: "lives at number twelve acacia avenue". */
const EN_STREET_WORDS = new RegExp(
  `(?<![\\p{L}])${WORD_NUM} (?:the (?:${NAME_WORD} ){0,2}|(?:${NAME_WORD} ){0,2}${NAME_WORD} )(?:${EN_TYPES})(?![\\p{L}'’])`,
  'giu',
);

/** A number in words right after the words for an address ("lives at number twelve…"), not "we live on a one way street". */
const wordNumberAfterContext = (s: string, i: number) => {
  const b = before(s, i);
  return CONTEXT_WIDE.test(b) && /(?:\b(?:at|on|to|in|is|number|no\.?)|:)\s+$/i.test(b);
};

/** A UK postcode or an Eircode with the places before it and no street line: "Knockmore, Ballina, Co. Mayo F26 P2W3". */
const PC_ALONE = new RegExp(`(?<![\\p{L}\\p{N}])(?:${UK_PC}|${EIRCODE})(?![\\p{L}\\p{N}])`, 'gu');
const PLACE_BEFORE = new RegExp(`(?:(?<![\\p{L}])${PLACE},? )$`, 'u');

function placesBefore(s: string, out: Span[]): void {
  PC_ALONE.lastIndex = 0;
  for (let m = PC_ALONE.exec(s); m; m = PC_ALONE.exec(s)) {
    const at = m.index;
    if (out.some((o) => o.start <= at && at < o.end)) continue;
    let start = at;
    let places = 0;
    for (; places < 4; places++) {
      const p = PLACE_BEFORE.exec(s.slice(Math.max(0, start - 40), start));
      if (!p || NOT_TOWN.test(p[0])) break;
      start -= p[0].length;
    }
    if (places > 0) push(out, s, start, at + m[0].length);
  }
}

/** Every address in a text, each as one span from its flat or house number to its postcode or town. */
export function detectAddresses(s: string): Span[] {
  const out: Span[] = [];
  if (!/\d/.test(s)) {
    // No digit: only a house number said in words, after "I live at", "address is", "number".
    if (/[Ll]ive|address|number/.test(s) && HINT.test(s)) {
      EN_STREET_WORDS.lastIndex = 0;
      for (let m = EN_STREET_WORDS.exec(s); m; m = EN_STREET_WORDS.exec(s)) {
        if (wordNumberAfterContext(s, m.index)) push(out, s, m.index, grow(s, m.index + m[0].length).end);
      }
    }
    return out;
  }
  if (!SHAPE.test(s) || !(HINT.test(s) || HINT_SHAPES.test(s))) return out;
  for (const re of [EN_STREET, EN_COMPOUND, FR_STREET, PREFIX_STREET, SUFFIX_STREET, PO_BOX]) {
    re.lastIndex = 0;
    for (let m = re.exec(s); m; m = re.exec(s)) {
      const type = m[1];
      const g = grow(s, m.index + m[0].length);
      // A type that is also an ordinary word ("drive", "green", "close") in lowercase counts after words that say
      // an address follows, or when the line goes on to a postcode ("1427 maple drive, columbus, ohio 43215").
      if (
        type &&
        !EN_SAFE_TYPES.has(type.toLowerCase()) &&
        !/^\p{Lu}/u.test(type) &&
        !CONTEXT.test(s.slice(Math.max(0, m.index - 40), m.index)) &&
        !CONTEXT_WIDE.test(before(s, m.index)) &&
        !g.postcode
      ) {
        // Not this street line: look again from the word after its number.
        re.lastIndex = m.index + 1;
        continue;
      }
      push(out, s, m.index, g.end);
    }
  }
  for (const [re, ok] of WEAK) {
    re.lastIndex = 0;
    for (let m = re.exec(s); m; m = re.exec(s)) {
      if (out.some((o) => o.start <= m!.index && m!.index < o.end)) continue;
      const end = m.index + m[0].length - (m[0].endsWith(',') ? 1 : 0);
      const g = grow(s, end);
      if (ok(g, m.index, s, m)) push(out, s, m.index, g.end);
    }
  }
  // A house number in words ("we're at twenty seven mill road") in a text that also has digits.
  if (/\b(?:live[sd]?|living|address|number|at)\b/i.test(s)) {
    EN_STREET_WORDS.lastIndex = 0;
    for (let m = EN_STREET_WORDS.exec(s); m; m = EN_STREET_WORDS.exec(s)) {
      if (wordNumberAfterContext(s, m.index)) push(out, s, m.index, grow(s, m.index + m[0].length).end);
    }
  }
  // After "I live at", a house number and a name with no street type the lists know.
  for (let i = s.search(/\d/); i >= 0 && i < s.length;) {
    if (CONTEXT.test(s.slice(Math.max(0, i - 40), i)) && !out.some((o) => o.start <= i && i < o.end)) {
      const m = CONTEXT_STREET.exec(s.slice(i));
      if (m) push(out, s, i, grow(s, i + m[0].length).end, true);
    }
    const next = s.slice(i).search(/\D\d/);
    i = next < 0 ? -1 : i + next + 1;
  }
  placesBefore(s, out);
  return out;
}
