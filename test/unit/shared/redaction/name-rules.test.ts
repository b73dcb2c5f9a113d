// Other people's names in every form people say them, from many cultures (issue 21 §1), and the brands, places,
// dishes and ordinary words that must not be taken for one. What the detector reports: sure names (replaced),
// possible ones (listed for review only).
import { describe, expect, it } from 'vitest';
import { detectPeople } from '../../../../src/shared/redaction/detect';
import { NamePropagation } from '../../../../src/shared/redaction/name-propagation';
import { nameParts } from '../../../../src/shared/redaction/name-rules';
import { WORDS } from '../../../../src/shared/redaction/names';

const sure = (s: string) =>
  detectPeople(s)
    .filter((x) => x.confidence !== 'possible')
    .map((x) => x.text);
const possible = (s: string) =>
  detectPeople(s)
    .filter((x) => x.confidence === 'possible')
    .map((x) => x.text);

describe('names by form and culture', () => {
  it.each([
    // after a relation, in any case, names the lists lack included (Irish, Igbo)
    ['my cousin Oisín came too', 'Oisín'],
    ['my cousin oisin came too', 'oisin'],
    ['her little brother obinna stays with us', 'obinna'],
    ['my friend Chukwuemeka sorted it', 'Chukwuemeka'],
    ['so my neighbour Małgorzata helped', 'Małgorzata'],
    // before a speech verb
    ['and then Kwabena said no way', 'Kwabena'],
    ['honestly Oluwaseun reckons it is fine', 'Oluwaseun'],
    // a title
    ['we saw Dr Ferreira on Monday', 'Dr Ferreira'],
    ['Mrs. Nwachukwu was lovely', 'Mrs. Nwachukwu'],
    ['ask Auntie Funmilayo about it', 'Auntie Funmilayo'],
    // possessive, both apostrophes
    ['it was Ayesha’s idea', 'Ayesha'],
    ["we took Thiago's car", 'Thiago'],
    // at a sentence's start, a name the lists know only as a name
    ['Ok. Agnieszka still uses them.', 'Agnieszka'],
    // word-names with a cue
    ['my sister Sunny, she is great', 'Sunny'],
    ['Pat said it was broken', 'Pat'],
    ['Lucky, that is my other brother, came round', 'Lucky'],
    // initials
    ['C.J. my cousin said cancel', 'C.J.'],
    ['the form says A. Okonkwo at the bottom', 'A. Okonkwo'],
    // particles and hyphens: one span
    ['the agent was Lucía Ramírez de la Cruz, she wrote to us', 'Lucía Ramírez de la Cruz'],
    ['my colleague Pieter van der Berg checked', 'Pieter van der Berg'],
    ['my uncle Yusuf Al-Hashimi phoned', 'Yusuf Al-Hashimi'],
    ['my friend Jean-Luc called', 'Jean-Luc'],
    ['then my aunt Siobhán Ní Bhriain came', 'Siobhán Ní Bhriain'],
    // other scripts inside English text
    ['she writes her name Ελένη on the boxes', 'Ελένη'],
    ['my grandmother Людмила lives there', 'Людмила'],
    ['he signs يوسف on the form', 'يوسف'],
  ])('%s → %s', (text, name) => {
    expect(sure(text)).toContain(name);
  });

  it('finds a full name whole, never a part of it alone', () => {
    expect(sure('I live with my partner Chiamaka Okafor and the kids')).toEqual(['Chiamaka Okafor']);
    expect(sure('then Wang Xiuying and Kim Min-jun turned up')).toEqual(['Wang Xiuying', 'Kim Min-jun']);
  });

  it.each([
    // who someone is, said right after a name at a sentence's start
    ['Well. Chidi is the youngest of them.', ['Chidi']],
    ['We sold it. Halvorsen, my stepdad, fixed the bike.', ['Halvorsen']],
    ['Nobody helped. Vuong from church did the school run.', ['Vuong']],
    // a speaker naming themselves
    ["hi, I'm Bongani, I run the stall", ['Bongani']],
    // a surname before "family"
    ['the Adebayo-Okoro family moved in upstairs', ['Adebayo-Okoro']],
    // an initial's full stop does not end the sentence
    ['then J.K. Okonkwo signed it for us', ['J.K. Okonkwo']],
    // a name in another script right after the same name in Latin letters
    ['my colleague Lena Petrova, Лена Петрова, sent it', ['Lena Petrova', 'Лена Петрова']],
    // lowercase, as speech-to-text writes it, saying something
    ['and then jiwoo said it was fine', ['jiwoo']],
    // another name of the same person, as speech-to-text writes it
    ['we met at the depot. sasha, that is Aleksandra, drove us', ['sasha', 'Aleksandra']],
    // a place's name said to be someone
    ['Anyway. Mendoza, the driver, never came back.', ['Mendoza']],
  ])('from a cue around it: %s', (text, names) => {
    expect(sure(text)).toEqual(names);
  });

  it.each(['the depot said sorry', "I'm Canadian, so no", "I'm Happy with it", 'Brexit, my least favourite topic', 'Tesco is the cheapest'])(
    'no name from a cue that is not one: %s',
    (text) => {
      expect(sure(text)).toEqual([]);
    },
  );

  it('a brand said to be someone’s is not a person', () => {
    expect(sure("Tesco, that's Sarah")).toEqual(['Sarah']);
  });

  it('never joins two names across punctuation, and reads full-width letters as the letters they are', () => {
    expect(sure('Ｓａｒａｈ met Zoë and Chloé — Anne-Marie O’Brien’s son Seán said: “Niamh!”')).toEqual([
      'Ｓａｒａｈ',
      'Zoë',
      'Chloé',
      'Anne-Marie O’Brien',
      'Seán',
      'Niamh',
    ]);
  });
});

describe('children listed in birth order around a sure name', () => {
  it.each([
    ['Chidi is the eldest, then ngozi and Emeka.', ['Chidi', 'ngozi', 'Emeka']],
    ['Our oldest is Aroha, then Wiremu, then Hemi.', ['Aroha', 'Wiremu', 'Hemi']],
    // A name that is also a word stays for review: "mere" is one.
    ['Our oldest is Aroha, then Wiremu, then Mere.', ['Aroha', 'Wiremu']],
    ['Svetlana is my youngest, then before her dmitri.', ['Svetlana']],
    ['Kofi was our firstborn, then Esi & Yaw came along.', ['Kofi', 'Esi', 'Yaw']],
  ])('%s', (text, names) => {
    expect(sure(text)).toEqual(names);
  });

  it('takes no shop, word or stray capital after "then" without an order word, nor a word the lexicon knows', () => {
    expect(sure('My brother Chidi went to Aldi, then Lidl.')).toEqual(['Chidi']);
    expect(sure('Chidi is the eldest, then the twins.')).toEqual(['Chidi']);
    expect(sure('Chidi is the eldest, then Sunday lunch.')).toEqual(['Chidi']);
    expect(sure('The eldest went first, then Lidl.')).toEqual([]);
  });
});

describe('what is not a person', () => {
  it.each([
    'I asked Alexa to play the radio and Siri did nothing.',
    'We had a Victoria sponge and a pot of Earl Grey.',
    'The office is in St Albans now.',
    'Her family are all in Jordan so it is hard.',
    'The weather was sunny all week.',
    'Pat it dry before you cook it.',
    'Rich people never wait in that queue.',
    'Will do, I said.',
    'Please mark the box and sign.',
    'It came from HelloFresh in the end.',
    'We drove a Ferrari once, and the Hoover broke.',
    'The surgery is on Victoria Road.',
    'They asked for my National Insurance number again.',
    'Arsenal are playing tonight, so Everton are next.',
    'We had Croque Monsieur for lunch.',
    'Meet me at St Enoch after work.',
    'The Dyson is louder than the kettle.',
    'We had a Bakewell Tart and a Rogan Josh Curry.',
    'We stayed on Hayling Island, near Primrose Hill.',
    'Meet me at Heathrow Terminal 5 by the Emirates Airways desk.',
  ])('%s', (text) => {
    expect(sure(text)).toEqual([]);
  });

  it('a month or a day is a name only when someone is called it', () => {
    expect(sure('It was March, my son had a fever.')).toEqual([]);
    expect(sure('my nephew is called Sunday, he is six')).toEqual(['Sunday']);
  });

  it('a name in a place’s position is only possible, for review', () => {
    expect(possible('We moved to Florence last year.')).toEqual(['Florence']);
    expect(sure('We moved to Florence last year.')).toEqual([]);
  });
});

describe('propagation across a study', () => {
  it('finds every mention of a sure name and of its parts, in any case and possessive, whole', () => {
    const p = new NamePropagation(['Dr Thandiwe Dlamini']);
    const texts = ['Dlamini left last year.', "thandiwe's clinic closed", 'so Thandiwe Dlamini moved'];
    const found = texts.map((t) => (p.apply(t, []) ?? []).map((x) => [x.text, x.confidence ?? 'sure']));
    expect(found).toEqual([[['Dlamini', 'sure']], [['thandiwe', 'sure']], [['Thandiwe Dlamini', 'sure']]]);
  });

  it('joins a given name beside a found surname into one span, and makes it sure', () => {
    const s = 'sorry, Adaeze Nwosu, she gave me a code';
    const before = detectPeople(s);
    const merged = new NamePropagation(['Mrs. Nwosu']).apply(s, before) ?? before;
    expect(merged.map((x) => [x.text, x.confidence ?? 'sure'])).toEqual([['Adaeze Nwosu', 'sure']]);
  });

  it('finds a name without its accents and a surname with its particle', () => {
    const p = new NamePropagation(['Phạm Minh Đức', 'Étienne de Villiers']);
    expect((p.apply('then Duc said no', []) ?? []).map((x) => x.text)).toEqual(['Duc']);
    expect((p.apply('ask de Villiers first', []) ?? []).map((x) => x.text)).toEqual(['de Villiers']);
  });

  it('finds a name joined by "and" to a sure one', () => {
    expect(sure('then we saw Kostas and Dimitra said hi.')).toEqual(['Kostas', 'Dimitra']);
    expect(sure('then we saw Kostas.')).toEqual([]);
    expect(sure('Ok. Maria and Dimitra said hi.')).toEqual(['Maria', 'Dimitra']);
  });

  it('finds a name that is also a word only where it reads as a name', () => {
    expect(new NamePropagation(['Jordan Mensah']).apply('we lived on Jordan Street, not in Jordan', [])).toBeNull();
    const p = new NamePropagation(['Storm']);
    expect(p.apply('it was a storm in a teacup', [])).toBeNull();
    expect((p.apply('then Storm fixed it', []) ?? []).map((x) => x.text)).toEqual(['Storm']);
  });

  it('never propagates a particle, a title, a common word or one letter', () => {
    expect(nameParts('Lucía Ramírez de la Cruz', WORDS.isWord)).toEqual(['Lucía', 'Ramírez', 'Cruz', 'de la Cruz']);
    expect(nameParts('J. Will Smith-Jones', WORDS.isWord)).toEqual(['Smith-Jones', 'Smith', 'Jones']);
  });
});
