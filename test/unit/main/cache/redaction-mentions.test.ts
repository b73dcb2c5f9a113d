// "Find every mention" (issue 21 §2) in the cache: every place a term occurs in one study's turns, any case, as a
// whole word, possessive too, counted per interview with its first places in context; other studies, longer
// words and turns not yet in the search index handled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInProcessCache, type Cache } from '../../../../src/main/cache/cache';
import { findMentions, mentionPattern, mentionSpans } from '../../../../src/main/cache/queries/redaction-review';
import type { CacheDb } from '../../../../src/main/cache/open';
import { interviewRecord } from '../../../../src/shared/schemas/interview';
import { projectListItem } from '../../../../src/shared/schemas/project';

const NOW = '2026-11-26T10:00:00.000Z';
let cache: Cache & { db: CacheDb };
const turns = (...texts: string[]) => texts.map((text, i) => ({ role: i % 2 ? 'User' : 'AI', text, start_ms: i * 1000, end_ms: i * 1000 + 900 }));
const record = (id: string, ...texts: string[]) => interviewRecord.parse({ id, status: 'COMPLETE', completed_at: NOW, transcript: turns(...texts) });

beforeAll(async () => {
  cache = await openInProcessCache(':memory:');
  await cache.call('projects.saveList', {
    items: ['p1', 'p2'].map((id) => projectListItem.parse({ id, title: id, status: 'STARTED' })),
    syncedAt: NOW,
  });
  await cache.call('interviews.saveFullRecords', {
    projectId: 'p1',
    now: NOW,
    items: [
      record('iv-a', 'Hello.', 'Ayesha said yes, and ayesha’s idea won.', "Then AYESHA'S sister came.", 'Ayeshani is someone else; Ayesha Khan too.'),
      record('iv-b', 'Hi.', 'I asked Ayesha.', 'No names here.'),
    ],
  });
  await cache.call('interviews.saveFullRecords', { projectId: 'p2', now: NOW, items: [record('iv-z', 'Ayesha in another study.')] });
});
afterAll(() => cache.close());

describe('findMentions', () => {
  it('counts every whole-word mention in any case, possessive included, per interview of the study only', () => {
    const m = findMentions(cache.db, { projectId: 'p1', text: 'ayesha' });
    expect(m.total).toBe(5);
    const byId = Object.fromEntries(m.interviews.map((i) => [i.interview_id, i.count]));
    expect(byId).toEqual({ 'iv-a': 4, 'iv-b': 1 });
    const a = m.interviews.find((i) => i.interview_id === 'iv-a')!;
    // The first three places, in turn order, in context.
    expect(a.examples.map((e) => [e.idx, e.text])).toEqual([
      [1, 'Ayesha'],
      [1, 'ayesha’s'],
      [2, "AYESHA'S"],
    ]);
    expect(a.examples[0]).toMatchObject({ start_ms: 1000, before: '', after: ' said yes, and ayesha’s idea won.' });
  });

  it('finds a name of several words as a phrase, and nothing for a word that is not there', () => {
    expect(findMentions(cache.db, { projectId: 'p1', text: 'Ayesha  Khan' })).toMatchObject({ total: 1, interviews: [{ interview_id: 'iv-a', count: 1 }] });
    expect(findMentions(cache.db, { projectId: 'p1', text: 'Zubair' })).toEqual({ total: 0, interviews: [] });
    expect(findMentions(cache.db, { projectId: 'p1', text: '  ' })).toEqual({ total: 0, interviews: [] });
  });

  it('finds through the search index the forms it does not fold itself, and highlights them where they are', async () => {
    await cache.call('interviews.saveFullRecords', {
      projectId: 'p1',
      now: NOW,
      items: [
        record(
          'iv-d',
          'Hello.',
          'Then José came, and ＪＯＳＥ wrote in full width.',
          'Frau Straße, Søren, ﬁona.',
          'Josef is someone else.',
          '민준 and がく came.',
        ),
      ],
    });
    const jose = findMentions(cache.db, { projectId: 'p1', text: 'jose' }).interviews.find((i) => i.interview_id === 'iv-d')!;
    expect(jose.count).toBe(2);
    expect(jose.examples.map((e) => e.text)).toEqual(['José', 'ＪＯＳＥ']);
    expect(jose.examples[1]).toMatchObject({ before: 'Then José came, and ', after: ' wrote in full width.' });
    for (const [term, text] of [
      ['STRASSE', 'Straße'],
      ['soren', 'Søren'],
      ['Fiona', 'ﬁona'],
      ['민준', '민준'],
      ['がく', 'がく'],
      ['ｶﾞｸ', null],
    ]) {
      const m = findMentions(cache.db, { projectId: 'p1', text: term! });
      expect(m.interviews.find((i) => i.interview_id === 'iv-d')?.examples.map((e) => e.text)).toEqual(text ? [text] : undefined);
    }
  });

  it('sees turns saved after the search index last caught up', async () => {
    await cache.call('interviews.saveFullRecords', { projectId: 'p1', now: NOW, items: [record('iv-c', 'Later, Ayesha called.')] });
    expect(findMentions(cache.db, { projectId: 'p1', text: 'Ayesha' }).interviews.find((i) => i.interview_id === 'iv-c')?.count).toBe(1);
  });

  it('matches the term whole, never inside a longer word, with regex characters taken literally', () => {
    const re = mentionPattern('J.P. (Jo)')!;
    const at = (turn: string, r: RegExp) => mentionSpans(turn, r).map((m) => turn.slice(m.start, m.end));
    expect(at('met J.P. (Jo) today', re)).toEqual(['J.P. (Jo)']);
    expect(at('met JXP. (Jo) today', re)).toEqual([]);
    expect(at('Ayeshani, Ayesha_x, Ayesha2', mentionPattern('Ayesha')!)).toEqual([]);
  });

  // Names from several scripts and cultures, each searched as a researcher types it and found as it was written.
  it.each([
    ['Jose', 'Then José came, JOSÉ again, and ｊｏｓｅ in full width.', ['José', 'JOSÉ', 'ｊｏｓｅ']],
    ['josé', 'Jose said so; JOSE too.', ['Jose', 'JOSE']],
    // A combining accent (NFD) is highlighted with its letter.
    ['Jose', 'Jose\u0301 wrote.', ['Jose\u0301']],
    ['Strasse', 'Frau Straße and Herr STRASSE.', ['Straße', 'STRASSE']],
    ['Straße', 'Frau Strasse nodded.', ['Strasse']],
    ['Fiona', 'I asked ﬁona’s mum.', ['ﬁona’s']],
    ['Soren', 'Søren and SØREN.', ['Søren', 'SØREN']],
    ['Lukasz', 'Łukasz Wałęsa called.', ['Łukasz']],
    ['Walesa', 'Łukasz Wałęsa called.', ['Wałęsa']],
    ['Duc', 'Nguyễn Văn Đức said hi.', ['Đức']],
    ['Nguyen Van', 'Nguyễn Văn Đức said hi.', ['Nguyễn Văn']],
    ['Siobhan', 'Siobhán Ní Bhriain.', ['Siobhán']],
    ['Isik', 'Işık Yılmaz, from Izmir.', ['Işık']],
    ['Yilmaz', 'Işık YILMAZ, from Izmir.', ['YILMAZ']],
    ['Elena', 'Ελένη, or Elena, or ÉLÉNA.', ['Elena', 'ÉLÉNA']],
    ['Ελενη', 'Η ΕΛΈΝΗ και η ελένη.', ['ΕΛΈΝΗ', 'ελένη']],
    ['Наталья', 'НАТАЛЬЯ and наталья.', ['НАТАЛЬЯ', 'наталья']],
    ['Ёлка', 'Елка, Ёлка.', ['Елка', 'Ёлка']],
    ['محمد', 'قال مُحَمَّد ذلك. محمد أيضا.', ['مُحَمَّد', 'محمد']],
    ['Chloe', 'Chloë and Zoë met CHLOE.', ['Chloë', 'CHLOE']],
    ['Francois', 'François, FRANÇOIS.', ['François', 'FRANÇOIS']],
    ['Aeron', 'Æron was there.', ['Æron']],
  ])('finds %j in %j', (term, turn, found) => {
    const text = turn.replace(/\\u0301/g, '\u0301');
    const spans = mentionSpans(text, mentionPattern(term)!);
    expect(spans.map((m) => text.slice(m.start, m.end))).toEqual(found.map((f) => f.replace(/\\u0301/g, '\u0301')));
  });

  it('keeps apart what only looks alike: other names, and the letters of scripts that are not accents', () => {
    const at = (term: string, turn: string) => mentionSpans(turn, mentionPattern(term)!).map((m) => turn.slice(m.start, m.end));
    expect(at('Jose', 'Josef and Joselyn')).toEqual([]);
    // A Devanagari vowel sign and a kana's voicing mark change the name: "प्रिया" is not "पर", "が" is not "か".
    expect(at('पर', 'प्रिया आई')).toEqual([]);
    expect(at('かな', 'がな')).toEqual([]);
    expect(at('प्रिया', 'प्रिया आई')).toEqual(['प्रिया']);
    // Full-width Japanese and half-width katakana are the same letters.
    expect(at('カナ', 'ｶﾅ さん')).toEqual(['ｶﾅ']);
  });
});
