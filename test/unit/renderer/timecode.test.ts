import { describe, expect, it } from 'vitest';
import { elapsed, quoteCitation, timecode } from '../../../src/renderer/lib/timecode';
import { mergeTags } from '../../../src/renderer/features/highlights/TagInput';
import { fieldLabel, fieldValue } from '../../../src/renderer/features/viewer/details/InterviewDetails';

describe('timecode', () => {
  it('formats milliseconds as mm:ss, and h:mm:ss from an hour', () => {
    expect(timecode(0)).toBe('00:00');
    expect(timecode(83_999)).toBe('01:23');
    expect(timecode(3_723_000)).toBe('1:02:03');
    expect(timecode(null)).toBe('--:--');
    expect(timecode(-5)).toBe('--:--');
  });
});

describe('elapsed', () => {
  it('counts whole seconds since a moment as m:ss, never below zero', () => {
    const from = '2026-01-01T10:00:00.000Z';
    expect(elapsed(from, Date.parse(from) + 42_900)).toBe('0:42');
    expect(elapsed(from, Date.parse(from) + 125_000)).toBe('2:05');
    expect(elapsed(from, Date.parse(from) - 5_000)).toBe('0:00');
  });
});

describe('quoteCitation', () => {
  it('quotes the text, names who said it and when', () => {
    expect(quoteCitation('  It was too pricey. ', 'Ana Silva', 134_000)).toBe('"It was too pricey." — Ana Silva, [02:14]');
  });
  it('falls back to "Participant" and leaves out a missing time', () => {
    expect(quoteCitation('Hi', null, null)).toBe('"Hi" — Participant');
    expect(quoteCitation('Hi', '  ', 0)).toBe('"Hi" — Participant, [00:00]');
  });
});

describe('mergeTags', () => {
  it('adds comma-separated tags, trimmed, without case-insensitive duplicates or empties', () => {
    expect(mergeTags(['Pricing'], ' pricing , delivery,, value ')).toEqual(['Pricing', 'delivery', 'value']);
  });
  it('stops at 20 tags and cuts a tag at 60 characters', () => {
    const many = Array.from({ length: 25 }, (_, i) => `t${i}`).join(',');
    expect(mergeTags([], many)).toHaveLength(20);
    expect(mergeTags([], 'x'.repeat(80))[0]).toHaveLength(60);
  });
});

describe('participant fields', () => {
  it('labels any field name readably and shows values as text', () => {
    expect(fieldLabel('tenure_months')).toBe('Tenure months');
    expect(fieldLabel('homeCity')).toBe('Home city');
    expect(fieldLabel('plan')).toBe('Plan');
    expect(fieldValue(true)).toBe('Yes');
    expect(fieldValue(null)).toBe('—');
    expect(fieldValue(12)).toBe('12');
    expect(fieldValue('<b>x</b>')).toBe('<b>x</b>');
  });
});
