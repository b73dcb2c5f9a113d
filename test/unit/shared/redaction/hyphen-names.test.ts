// A name part found inside a hyphenated name stands for the whole name: the export replaces all of it, never part.
import { describe, expect, it } from 'vitest';
import { wholeHyphenatedName } from '../../../../src/shared/redaction/hyphen-names';

/** The text the found part `part` (its first occurrence in `s`) is widened to. */
const whole = (s: string, part: string) => {
  const start = s.indexOf(part);
  const r = wholeHyphenatedName(s, start, start + part.length);
  return s.slice(r.start, r.end);
};

describe('wholeHyphenatedName', () => {
  it('joins the capitalised parts of a double-barrelled name on either side', () => {
    expect(whole('Rajendran-Pillai is the shop', 'Rajendran')).toBe('Rajendran-Pillai');
    expect(whole('ask Rajendran-Pillai now', 'Pillai')).toBe('Rajendran-Pillai');
    expect(whole('Jean-Luc came', 'Jean')).toBe('Jean-Luc');
    expect(whole('with Mary-Kate-Louise too', 'Kate')).toBe('Mary-Kate-Louise');
    expect(whole('Ngozi Okafor-Eze said', 'Okafor')).toBe('Okafor-Eze');
    expect(whole("Kim-Jones's van", 'Kim')).toBe('Kim-Jones');
  });

  it('takes the lowercase particles names are written with on the left, and letters of scripts without case', () => {
    expect(whole('my friend al-Rashid', 'Rashid')).toBe('al-Rashid');
    expect(whole('Omar bin-Salim called', 'Salim')).toBe('bin-Salim');
    expect(whole('Ali-محمد wrote', 'Ali')).toBe('Ali-محمد');
    expect(whole('Ji-ho and Min-jun', 'Ji')).toBe('Ji-ho');
    expect(whole('then Xiao-ling left', 'Xiao')).toBe('Xiao-ling');
  });

  it('leaves words that are not a name’s parts, and other hyphens, as they were', () => {
    expect(whole('a Sam-ish answer', 'Sam')).toBe('Sam');
    expect(whole('a Tunde-style party', 'Tunde')).toBe('Tunde');
    expect(whole('Kenji-san said', 'Kenji')).toBe('Kenji');
    expect(whole('the pre-Sam era', 'Sam')).toBe('Sam');
    expect(whole('Femi - then Tobi', 'Femi')).toBe('Femi');
    expect(whole('Femi-', 'Femi')).toBe('Femi');
    expect(whole('Ade–Bola', 'Ade')).toBe('Ade'); // an en dash joins a range, not a name
    expect(whole('COVID-19 and Tunde', 'Tunde')).toBe('Tunde');
  });
});
