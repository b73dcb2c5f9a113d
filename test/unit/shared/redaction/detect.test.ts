// The detectors of personal data (issue 14 §2): each kind found at exact offsets, and the things that look
// like them but are not (times, prices, years, dates, "May" the month, decimals) left alone.
import { describe, expect, it } from 'vitest';
import {
  compileKnown,
  detect,
  detectPatterns,
  detectPeople,
  detectPeopleMany,
  mayHoldName,
  normaliseTerm,
  participantTerms,
  resolveOverlaps,
  type Span,
} from '../../../../src/shared/redaction/detect';

const found = (spans: Span[]) => spans.map((s) => [s.kind, s.text]);
const exact = (text: string, spans: Span[]) => spans.every((s) => text.slice(s.start, s.end) === s.text);
const pattern = (s: string) => {
  const spans = resolveOverlaps(detectPatterns(s));
  expect(exact(s, spans)).toBe(true);
  return found(spans);
};

describe('patterns', () => {
  it('finds emails, with the dots and plus signs of real addresses', () => {
    expect(pattern('Write to amara.okafor+news@mail.example.co.uk today.')).toEqual([['email', 'amara.okafor+news@mail.example.co.uk']]);
    expect(pattern('my email is JOHN_SMITH@EXAMPLE.COM')).toEqual([['email', 'JOHN_SMITH@EXAMPLE.COM']]);
    // A bare "@name" is a social handle (issue 21 §1), found as 'possible' with no platform named.
    expect(pattern('an @ sign alone, and @handle')).toEqual([['handle', '@handle']]);
  });

  it('finds links with and without a scheme, without the sentence’s full stop', () => {
    expect(pattern('See https://example.com/a?b=1.')).toEqual([['url', 'https://example.com/a?b=1']]);
    expect(pattern('go to www.hellofresh.co.uk, then')).toEqual([['url', 'www.hellofresh.co.uk']]);
    expect(pattern('my blog amara.dev/posts is old')).toEqual([['url', 'amara.dev/posts']]);
    expect(pattern('It was fine.The end')).toEqual([]);
  });

  it('finds phone numbers in international, UK and US formats', () => {
    expect(pattern('Call +44 20 7946 0958 now')).toEqual([['phone', '+44 20 7946 0958']]);
    expect(pattern('ring 07700 900123 after six')).toEqual([['phone', '07700 900123']]);
    expect(pattern('it is (555) 123-4567 at work')).toEqual([['phone', '(555) 123-4567']]);
    expect(pattern('or 555-123-4567, or 555.123.4567')).toEqual([
      ['phone', '555-123-4567'],
      ['phone', '555.123.4567'],
    ]);
    expect(pattern('+1 415 555 2671')).toEqual([['phone', '+1 415 555 2671']]);
    expect(pattern('dial 07700900123')).toEqual([['phone', '07700900123']]);
    expect(pattern('extension 123-4567')).toEqual([['phone', '123-4567']]);
    // A one-digit first group after a country code, a long last group, a bracketed area code after it: each whole.
    expect(pattern('my phone is +33 6 98 76 54 32, or')).toEqual([['phone', '+33 6 98 76 54 32']]);
    expect(pattern('my number is +49 151 23456789.')).toEqual([['phone', '+49 151 23456789']]);
    expect(pattern('Call +1 (555) 010-9999 now')).toEqual([['phone', '+1 (555) 010-9999']]);
  });

  it('leaves times, prices, years, dates, decimals and short numbers alone', () => {
    expect(pattern('We met at 10:30 and left at 11:45:30.')).toEqual([]);
    expect(pattern('It cost £1,299.99 or $45.50, about €12 a week.')).toEqual([]);
    expect(pattern('From 2019 to 2021, and 2019-2020 too.')).toEqual([]);
    expect(pattern('On 2024-01-15 and 12/05/2024.')).toEqual([]);
    expect(pattern('pi is 3.14159265')).toEqual([]);
    expect(pattern('I have 3 kids and 12345 points')).toEqual([]);
    expect(pattern('It cost $1500000 to build')).toEqual([]);
  });

  it('finds emails and phone numbers said aloud, each whole', () => {
    expect(pattern('it’s conor dot walsh at example dot ie, the work one')).toEqual([['email', 'conor dot walsh at example dot ie']]);
    expect(pattern('email me at jane at gmail dot com')).toEqual([['email', 'jane at gmail dot com']]);
    expect(pattern('my brother is sipho dash ndlovu at example dot co dot za')).toEqual([['email', 'sipho dash ndlovu at example dot co dot za']]);
    expect(pattern('or hiro.tanaka at example.jp, he does the forms')).toEqual([['email', 'hiro.tanaka at example.jp']]);
    expect(pattern('my mobile’s oh seven seven double nine, one two three, four five six.')).toEqual([
      ['phone', 'oh seven seven double nine, one two three, four five six'],
    ]);
    expect(pattern('say it, plus two three four, eight oh three, one two three, four five six seven')).toEqual([
      ['phone', 'plus two three four, eight oh three, one two three, four five six seven'],
    ]);
    expect(pattern('phone, oh seven seven hundred, nine hundred, four five six')).toEqual([['phone', 'oh seven seven hundred, nine hundred, four five six']]);
    expect(pattern('the transcript wrote 0 7 7 0 0 9 0 0 4 5 6 like that')).toEqual([['phone', '0 7 7 0 0 9 0 0 4 5 6']]);
  });

  it('leaves a shop’s site, years said aloud and counting alone', () => {
    expect(pattern('I shop at tesco dot com mostly')).toEqual([]);
    expect(pattern('in nineteen eighty seven, twenty twenty three, one or two')).toEqual([]);
    expect(pattern('we met at the cafe at five')).toEqual([]);
  });

  it('leaves prices with their currency after them, dotted dates and sizes alone', () => {
    expect(pattern('a bag of rice is 150000 naira now, 3000 yen entry')).toEqual([]);
    expect(pattern('the deadline is 27.11.2023, no, 03-05-2024')).toEqual([]);
    expect(pattern('1500 MB of voice notes and a 2000 KB file')).toEqual([]);
    expect(pattern('over 5000 Nigerians signed up')).toEqual([]);
  });

  it('finds a postcode after its name in any case, and an Eircode', () => {
    expect(pattern('my postcode is se15 4ju, she’s in Peckham')).toEqual([['postcode', 'se15 4ju']]);
    expect(pattern('my eircode is t12 k8af now')).toEqual([['postcode', 't12 k8af']]);
    expect(pattern('our zip here is 60614')).toEqual([['postcode', '60614']]);
    expect(pattern('it’s D02 X285 I think')).toEqual([['postcode', 'D02 X285']]);
  });

  it('finds long digit runs as numbers', () => {
    // An account number is an ID (issue 21 §1): the word before it names it.
    expect(pattern('order 123456 and account 98765432')).toEqual([
      ['number', '123456'],
      ['id', '98765432'],
    ]);
    expect(pattern('code 12345')).toEqual([]);
  });

  it('finds UK, Canadian, US and European postcodes, but not a bare five-digit number', () => {
    expect(pattern('I live at SW1A 1AA in London')).toEqual([['postcode', 'SW1A 1AA']]);
    expect(pattern('near M1 1AE and EC1A1BB')).toEqual([
      ['postcode', 'M1 1AE'],
      ['postcode', 'EC1A1BB'],
    ]);
    expect(pattern('Toronto, ON M5V 3L9')).toEqual([['postcode', 'M5V 3L9']]);
    expect(pattern('Beverly Hills, CA 90210')).toEqual([['postcode', '90210']]);
    expect(pattern('zip 10001 and 12345-6789')).toEqual([
      ['postcode', '10001'],
      ['postcode', '12345-6789'],
    ]);
    expect(pattern('Rue X, 75008 Paris; 10115 Berlin; 1012 AB Amsterdam')).toEqual([
      ['postcode', '75008'],
      ['postcode', '10115'],
      ['postcode', '1012 AB'],
    ]);
    expect(pattern('I paid 20000 for it in 2019 Paris was busy')).toEqual([]);
    expect(pattern('at 9 AM and 1030 PM, and in 2020 US sales')).toEqual([]);
  });
});

describe('known values', () => {
  const amara = participantTerms({
    name: 'Amara Okafor',
    email: 'amara@example.com',
    fields: { plan: 'Weekly', city: 'Leeds', employer: 'Acme Foods', age: 34, note: 'call 07700 900123', nickname: 'Ami' },
  });

  it('takes the name, its parts, the email and the fields that look personal', () => {
    expect(amara.map((t) => t.text)).toEqual(['Amara Okafor', 'Amara', 'Okafor', 'amara@example.com', 'Leeds', 'Acme Foods', 'call 07700 900123', 'Ami']);
    expect(participantTerms({ name: 'J. R. Li', email: null }).map((t) => t.text)).toEqual(['J. R. Li', 'Li']);
  });

  it('finds them case-insensitively as whole words, the longest where they overlap', () => {
    const m = compileKnown(amara);
    const s = 'AMARA here; Amara Okafor from Leeds works at acme foods. Not Amarant, nor Leedsy.';
    const spans = resolveOverlaps(m.find(s));
    expect(exact(s, spans)).toBe(true);
    expect(found(spans)).toEqual([
      ['participant', 'AMARA'],
      ['participant', 'Amara Okafor'],
      ['participant', 'Leeds'],
      ['participant', 'acme foods'],
    ]);
  });

  it('finds a name that is also a month only as a name', () => {
    const m = compileKnown(participantTerms({ name: 'May Chen', email: null }));
    expect(found(m.find('In May, May said may be. By May 5 it was over. Ask May Chen.'))).toEqual([
      ['participant', 'May'],
      ['participant', 'May Chen'],
    ]);
  });

  it('finds names in other scripts, with or without spaces between words', () => {
    const zh = compileKnown(participantTerms({ name: '李明', email: null }));
    expect(found(zh.find('我和李明一起做饭'))).toEqual([['participant', '李明']]);
    const ru = compileKnown(participantTerms({ name: 'Дмитрий Иванов', email: null }));
    expect(found(resolveOverlaps(ru.find('Это сказал Дмитрий, а не Дмитриев.')))).toEqual([['participant', 'Дмитрий']]);
    const es = compileKnown(participantTerms({ name: 'José García', email: null }));
    expect(found(resolveOverlaps(es.find('josé garcía dijo que sí')))).toEqual([['participant', 'josé garcía']]);
  });

  it('keeps a custom term’s kind, and finds nothing for an empty list', () => {
    const m = compileKnown([{ text: 'Project Falcon', kind: 'custom' }]);
    expect(found(m.find('the project  falcon launch'))).toEqual([['custom', 'project  falcon']]);
    expect(compileKnown([]).find('anything')).toEqual([]);
  });
});

describe('other people’s names', () => {
  const people = (s: string) => {
    const spans = detectPeople(s);
    expect(exact(s, spans)).toBe(true);
    return spans.map((x) => x.text);
  };

  it('finds full names and first names mid-sentence', () => {
    expect(people('Honestly the box was crushed, and John Smith at the depot said sorry.')).toEqual(['John Smith']);
    expect(people('I think it was fine, but Sarah said otherwise.')).toEqual(['Sarah']);
  });

  it('strips relations but keeps titles', () => {
    expect(people('I spoke to my sister Amara about it and Mrs. Okafor agreed.')).toEqual(['Amara', 'Mrs. Okafor']);
    expect(people('We asked Dr. Chen Wei.')).toEqual(['Dr. Chen Wei']);
  });

  it('drops possessives and the sentence’s punctuation, and keeps offsets exact after emoji and accents', () => {
    expect(people('😀😀 Then I saw Sarah’s kitchen.')).toEqual(['Sarah']);
    expect(people('Ayer José García me llamó, and then Maria came 🎉.')).toContain('Maria');
  });

  it('leaves months, weekdays, "I" and sentence-initial words alone', () => {
    expect(people('In May we cooked on Monday. I liked it. Prices went up.')).toEqual([]);
    expect(mayHoldName('In May we cooked on Monday. I liked it.')).toBe(false);
    expect(mayHoldName('Honestly it was fine.')).toBe(false);
    expect(mayHoldName('We asked Priya.')).toBe(true);
    expect(mayHoldName('Mr. Okafor agreed.')).toBe(true);
  });

  it('takes a name its lexicon knows at once, with the capitalised words after it but not a weekday or place', () => {
    expect(people('we met Sarah Connor there')).toEqual(['Sarah Connor']);
    expect(people('then I told Sarah Monday was fine')).toEqual(['Sarah']);
    expect(people('it was Jones’s idea, ask Dr. Jones')).toEqual(['Jones', 'Dr. Jones']);
    // A place the lexicon knows is not a person, and costs no tagging.
    expect(people('we shop in London and Leeds now')).toEqual([]);
    expect(mayHoldName('we shop in London and Leeds now')).toBe(false);
  });

  it('places names in many texts at once, each in its own text', () => {
    const texts = ['nothing here', 'and then Sarah called', 'x'.repeat(50), 'we met Tom Baker there'];
    const many = detectPeopleMany(texts, 30);
    expect(many.map((s) => s.map((x) => x.text))).toEqual([[], ['Sarah'], [], ['Tom Baker']]);
    many.forEach((spans, i) => expect(exact(texts[i]!, spans)).toBe(true));
  });
});

describe('detect', () => {
  it('resolves overlaps to the longest span', () => {
    const known = compileKnown(participantTerms({ name: 'Amara Okafor', email: 'amara@example.com' }));
    const s = 'Email amara@example.com or call 07700 900123; my friend Peter Jones knows Amara.';
    const spans = detect(s, { known });
    expect(exact(s, spans)).toBe(true);
    expect(found(spans)).toEqual([
      ['participant', 'amara@example.com'],
      ['phone', '07700 900123'],
      ['person', 'Peter Jones'],
      ['participant', 'Amara'],
    ]);
  });

  it('keys decisions without case, spacing or phone punctuation', () => {
    expect(normaliseTerm('person', '  Peter   JONES ')).toBe('peter jones');
    expect(normaliseTerm('phone', '+44 (20) 7946-0958')).toBe('+442079460958');
  });
});
