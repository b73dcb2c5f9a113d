// Dates of birth and ages tied to a birthday (issue 21 §1): the date (and the age) found beside a word that says
// it is a birth; ordinary dates, ages alone, and years left alone.
import { describe, expect, it } from 'vitest';
import { answeredBirthDate, asksForBirthDate } from '../../../../src/shared/redaction/birthdays';
import { found, ofKind } from './support';

describe('dates of birth', () => {
  it.each([
    ['she was born on 3 March 1988', '3 March 1988'],
    ['I was born on the 3rd of March, 1988', '3rd of March, 1988'],
    ['I was born in March 1990', 'March 1990'],
    ['he was born in 1962', '1962'],
    ['my son was born 2015-06-01 in Leeds', '2015-06-01'],
    ['DOB 03/04/1991', '03/04/1991'],
    ['my DOB is 3/4/91', '3/4/91'],
    ['d.o.b. 14-02-1985', '14-02-1985'],
    ['date of birth: 12.05.1979', '12.05.1979'],
    ['her date of birth is 12th December 1975', '12th December 1975'],
    ['my birthday is the 14th of July', '14th of July'],
    ['my birthday’s on july fourteenth', 'july fourteenth'],
    ['my birthday’s the twenty-third of june', 'twenty-third of june'],
    ['my birthday is on 5/6', '5/6'],
    ['3 March 1988 is my birthday', '3 March 1988'],
    ['i was born on the fifth of may nineteen ninety', 'fifth of may nineteen ninety'],
    ['she was born in two thousand and five', 'two thousand and five'],
    ['I was born in nineteen eighty seven, in Osaka', 'nineteen eighty seven'],
    ['my date of birth is 04 06 1992', '04 06 1992'],
    ['DOB 1990-02-11', '1990-02-11'],
    ['my birthday’s 12/04/91', '12/04/91'],
    ['I was born 7 Jan ’88', '7 Jan ’88'],
    ['my brothers were born in ’89', '’89'],
    ['my birthday’s in February', 'February'],
    ['I’m a Leo, born August 12', 'August 12'],
  ])('%s', (s, date) => {
    expect(found(s)).toEqual([['dob', date]]);
  });

  it('replaces the age a birthday gives away, with its date', () => {
    expect(found('I turned 34 on the 2nd of May')).toEqual([['dob', '34 on the 2nd of May']]);
    expect(found('I’ll be 40 on the 5th of June')).toEqual([['dob', '40 on the 5th of June']]);
    expect(found('she turns 30 next March')).toEqual([['dob', '30 next March']]);
    expect(found('it was my 40th birthday last week')).toEqual([['dob', '40th']]);
    expect(found('for her thirtieth birthday we went out')).toEqual([['dob', 'thirtieth']]);
  });

  it('replaces an age said with a birthday, however loosely its day is said', () => {
    expect(ofKind('she turned 40 on Tuesday, my sister', 'dob')).toEqual(['40']);
    expect(ofKind('my son turns twelve next week', 'dob')).toEqual(['twelve']);
    expect(ofKind('my dad will be fifty on the 9th of August', 'dob')).toEqual(['fifty on the 9th of August']);
    expect(ofKind('I’m 34, birthday’s in February', 'dob')).toEqual(['34', 'February']);
    expect(ofKind('my birthday’s July 9th, I’m thirty-two now', 'dob')).toEqual(['July 9th', 'thirty-two']);
    expect(ofKind('I celebrated my 30th last month', 'dob')).toEqual(['30th']);
  });

  it('marks a birth with no person before it as possible, and a thing’s birth or age as none', () => {
    expect(found('Born March 3rd, 1988, in Leeds')).toEqual([['dob?', 'March 3rd, 1988']]);
    // Was 'possible' before issue 21's contact work: a company's, a shop's or an app's "birth" is no one's.
    expect(found('the company was born in 2015')).toEqual([]);
    expect(ofKind('the shop turned 10 in March and gave 20% off', 'dob')).toEqual([]);
  });

  it.each([
    'the meeting on 3 March went well',
    'in March we launched the app',
    'the deadline was 3 March 1988',
    'on 14 Feb 2020 we opened',
    'I’m 34 and I have 3 kids',
    'I was 34 in March',
    'we will be 5 on the 3rd floor',
    'I turned 34',
    'born and raised in Leeds',
    'happy birthday to Tom, the party was on 3 March',
    'my birthday party was great',
    'From 2019 to 2021, and 2019-2020 too.',
    'at 10:30 on 12/05/2024',
    'I’m 5 minutes away from the birthday party',
    'in 1987 my parents moved to Osaka',
    'the shop opened on the 3rd of May, during Golden Week',
    'I’m one of the people who was born to shop',
  ])('leaves alone: %s', (s) => {
    expect(ofKind(s, 'dob')).toEqual([]);
  });
});

describe('a date of birth given as the answer to the interviewer', () => {
  it.each([
    "When's your birthday?",
    'What’s your date of birth, so we can match your record?',
    'How old are you and when were you born?',
    'What year were you born?',
    "What's your DOB?",
    'May I ask your birth date for the record?',
  ])('asks for a birth date: %s', (q) => {
    expect(asksForBirthDate(q, false)).toBe(true);
  });

  it.each([
    'When did you start the subscription?',
    'When did the delivery come?',
    'When is your next appointment?',
    'Tell me about your birthday party last year.',
    'And what month?',
  ])('does not ask for one: %s', (q) => {
    expect(asksForBirthDate(q, false)).toBe(false);
  });

  it('a short follow-up keeps asking only right after a birth question', () => {
    expect(asksForBirthDate('And what month?', true)).toBe(true);
    expect(asksForBirthDate('and the year?', true)).toBe(true);
    expect(asksForBirthDate('And what made you cancel?', true)).toBe(false);
  });

  it.each([
    ['12 March 1988.', '12 March 1988'],
    ["it's the fourth of July, eighty-two.", 'fourth of July, eighty-two'],
    ['thirty-five, 21/06/1990.', '21/06/1990'],
    ['sure, March 3rd, 1979.', 'March 3rd, 1979'],
    ['nineteen ninety-one.', 'nineteen ninety-one'],
    ['1985-11-30.', '1985-11-30'],
    ['the 2nd of May. every year my mum forgets.', 'the 2nd of May'],
    ['30.01.1975', '30.01.1975'],
    ['forty. april twelfth.', 'april twelfth'],
    ['um, I was born on the 9th of June 1970, in Lagos', 'the 9th of June 1970'],
  ])('the answer %j gives %j', (answer, date) => {
    const spans = answeredBirthDate(answer);
    expect(spans.map((sp) => sp.text)).toEqual([expect.stringContaining(date)]);
    expect(spans.map((sp) => answer.slice(sp.start, sp.end))).toEqual(spans.map((sp) => sp.text));
  });

  it.each(['I am not telling you that.', 'forty, why?', 'I moved here in 2015 and my birthday is private'])('no date at the start: %s', (answer) => {
    expect(answeredBirthDate(answer)).toEqual([]);
  });
});
