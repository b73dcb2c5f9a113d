/**
 * The words name-rules.ts reads a name's context by: relations, titles, speech verbs, particles, and the words
 * that say a place or a thing stands where a name could. Apart from the rules so each list can be read whole.
 */

/** Names that are also ordinary words: a name only with a cue ("my sister Sunny", "Pat said"), never by themselves. */
export const WORD_NAMES =
  'sunny pat rich will grace hope joy may bill mark rose lucky happy honey sunshine sunday princess prince king queen angel junior precious blessing favour favor gift faith patience charity mercy victory goodness peace honour honor sky summer dawn june april august art ray frank jack guy drew chase hunter page penny ruby amber holly lily iris violet daisy earl grey sterling'.split(
    ' ',
  );

export const RELATION_WORDS = new Set(
  'sister brother mum mom mother dad father wife husband son daughter friend mate colleague boss manager aunt auntie aunty uncle cousin neighbour neighbor partner grandma grandpa granny grandad granddad grandmother grandfather nan nana niece nephew fiancé fiancée fiance fiancee girlfriend boyfriend flatmate roommate housemate coworker co-worker stepmum stepmom stepdad stepson stepdaughter sibling bestie twin landlord landlady teacher tutor doctor nurse childminder nanny cleaner pastor imam rabbi priest vicar plumber driver handyman agent broker accountant solicitor lawyer helper supervisor dentist midwife builder electrician receptionist coach mechanic butcher baker barber hairdresser tailor postman postwoman grocer chef cook waiter waitress shopkeeper caretaker gardener babysitter pal buddy mentor carer caregiver therapist counsellor counselor gp sister-in-law brother-in-law mother-in-law father-in-law son-in-law daughter-in-law called named'.split(
    ' ',
  ),
);
export const TITLES = new Set(
  'mr mrs ms miss mx dr doctor prof professor sir dame lady lord rev reverend fr father sr auntie aunty aunt uncle madam madame mme mister monsieur herr frau señor señora senhor senhora signor signora pastor imam rabbi chief sheikh'.split(
    ' ',
  ),
);
/** Titles that are also relation or ordinary words: a title only capitalised ("Auntie Funmi", not "my auntie said"). */
export const TITLE_ONLY_CAPITALISED = new Set([
  'father',
  'aunt',
  'auntie',
  'aunty',
  'uncle',
  'doctor',
  'lady',
  'lord',
  'chief',
  'madam',
  'sir',
  'pastor',
  'imam',
  'rabbi',
]);
export const SPEECH_VERBS = new Set(
  "said says say told tells reckons reckoned thinks thought asked asks laughed laughs replied replies texted texts messaged rang rings called calls emailed wrote writes mentioned mentions explained explains suggested suggests recommended recommends insisted insists shouted goes went came comes wanted wants needed needs does did got gets has had helped helps works worked lives lived sorted uses used runs ran knows knew keeps kept tried tries loves loved hates hated likes liked agreed agrees showed shows paid pays booked books found finds made makes gave gives sent sends took takes was is isn't wasn't doesn't didn't can't won't would will could should might must".split(
    ' ',
  ),
);
/** Verbs that follow almost any subject ("Summer was", "Boots had"): a cue only for a word the lists know as a name. */
export const WEAK_VERBS = new Set(
  "was is isn't wasn't has had does did doesn't didn't can't won't would will could should might must goes went came comes got gets".split(' '),
);
export const PARTICLES = new Set(
  'van von der den de del della di da das dos du la le el al bin binti ibn bint ben ter ten te zu mac mc ni ní nic ó o ua uí an y dela delos af ap'.split(' '),
);
/** Words never a person however they are written: pronouns, determiners, days, and the assistants people talk to. */
export const NEVER = new Set(
  "i i'm i've i'll i'd i’m i’ve i’ll i’d me my mine we us our you your he him his she her they them their it its this that these those there here then what who whom which when where why how everyone someone anyone nobody everybody somebody anybody all both each one none the a an and or but so if not no yes yeah ok okay oh um uh er hi hello thanks sorry well just like really also only even still very christmas easter god tv uk us usa eu nhs gp alexa siri cortana bixby google mum mom dad nan mate".split(
    ' ',
  ),
);
export const ENGLISH_SHAPE = /^[a-z]{3,}(?:tion|sion|ance|ence|ment|ness|ity|ous|ive|able|ible|ful|less|ship|ism|ly|ery|ory|ure)$|^[a-z]{5,}al$/;

/** Days and months: a name only with a strong cue ("he's called Sunday", "Sunday, that's my brother-in-law"). */
export const DATES = new Set(
  'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december'.split(' '),
);

/** Dotted capitals that are abbreviations, not a person's initials. */
export const NOT_INITIALS = new Set(
  'u.k. u.s. u.s.a. e.u. u.n. a.m. p.m. n.b. p.s. b.a. m.a. b.sc. m.sc. ph.d. d.i.y. r.s.v.p. a.i. t.v. i.t. h.r. p.a. g.p. e.g. i.e. c.v. q.a. o.k.'.split(
    ' ',
  ),
);
/** Words before a place more than before a person ("in Camden", "a Skoda", "the Margherita"): a name there is only possible. */
export const PLACE_OR_THING_BEFORE = new Set('in at near to from around outside via through into visit visiting a an the this that another every'.split(' '));
/** Words before a place only, whatever follows ("my sister Ama in Kumasi calls"). */
export const IN_PLACE = new Set('in at near around outside via through into'.split(' '));
/** Words after a name that make it a place or an institution ("Victoria Road", "Lloyds Pharmacy"). */
export const PLACE_AFTER = new Set(
  // places and institutions
  (
    'road street lane avenue park square close drive station pharmacy hospital surgery school college university centre center market bridge airport gardens crescent terrace grove estate mosque temple academy clinic stadium ' +
    'island islands cross hill hills heights bay beach mall plaza quay wharf village valley falls harbour harbor ' +
    // firms, and dishes named after people or places ("Deutsche Bahn", "Victoria Sponge", "Pav Bhaji")
    'bank bahn airways airlines railways sport sports foods ' +
    'sponge cake gateau gâteau pie tart pudding curry bhaji tikka masala biryani kebab pizza burger sandwich salad soup stew roll rolls'
  ).split(' '),
);
/** A run of words that reads as who someone is ("my brother", "the plumber", "our friend"). */
export const OWNERS = new Set(['my', 'our', 'his', 'her', 'their', 'your', 'the', 'a']);
/** Numbers said as words: "Zanele is nine" reads as a child's age. */
export const AGES = new Set(
  'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty eldest youngest oldest'.split(
    ' ',
  ),
);
/** Where someone is from, as people say it: "Blessing from next door", "Marites from church". */
export const FROM_PLACES = new Set([
  'church',
  'work',
  'next',
  'school',
  'uni',
  'college',
  'the',
  'down',
  'across',
  'upstairs',
  'downstairs',
  'round',
  'mosque',
  'temple',
  'gym',
  'football',
]);

/** Places whose names begin with "St" or "Saint" ("St Albans"): the word after is a place's, not a person's. */
export const SAINT = new Set(['st', 'st.', 'saint', 'ste', 'san', 'santa', 'são', 'sao', 'fort', 'port', 'mount', 'lake', 'cape']);
