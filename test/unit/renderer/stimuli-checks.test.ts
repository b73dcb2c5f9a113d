import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { suggestQuestions } from '../../../src/renderer/features/new-study/assign-suggest';
import { checkStimulusFile, formatBytes } from '../../../src/renderer/features/stimuli/file-check';
import { ROOT } from '../../support/paths';

const PNG = new Uint8Array(readFileSync(join(ROOT, 'resources/sample-media/stimuli/concept-a-kraft-box.png')));
const MB = 1024 * 1024;

describe('checkStimulusFile (before anything is sent)', () => {
  it('accepts a real PNG, by name and by bytes', () => {
    expect(checkStimulusFile({ name: 'Pack.PNG', size: PNG.length }, PNG)).toEqual({ ok: true, contentType: 'image/png', kind: 'image' });
  });
  it('accepts a video up to 100 MB and refuses an image over 10 MB, naming both sizes', () => {
    expect(checkStimulusFile({ name: 'clip.mp4', size: 99 * MB }, null)).toMatchObject({ ok: true, kind: 'video' });
    const r = checkStimulusFile({ name: 'poster.png', size: 11 * MB }, null);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toBe('This file is 11 MB; images can be at most 10 MB. Make it smaller, then add it again.');
    expect(checkStimulusFile({ name: 'clip.mov', size: 101 * MB }, null)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/videos can be at most 100 MB/),
    });
  });
  it('refuses an unknown extension, a name without one, and an empty file, listing what works', () => {
    expect(checkStimulusFile({ name: 'brief.pdf', size: 10 }, null)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^\.PDF files are not a stimulus format\. Images: PNG/),
    });
    expect(checkStimulusFile({ name: 'README', size: 10 }, null)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^A file without an extension is not a stimulus format/),
    });
    expect(checkStimulusFile({ name: 'a.png', size: 0 }, null)).toMatchObject({ ok: false, message: expect.stringMatching(/empty/) });
  });
  it('refuses a file whose bytes are not what its name says, and says what it looks like', () => {
    const r = checkStimulusFile({ name: 'photo.png', size: 100 }, new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]));
    expect(r).toMatchObject({
      ok: false,
      message: 'This file is named .png but does not contain PNG data (it looks like image/jpeg). Export it again as a supported format.',
    });
    expect(checkStimulusFile({ name: 'doc.png', size: 100 }, new TextEncoder().encode('%PDF-1.7'))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/does not contain PNG data\. /),
    });
  });
  it('formats sizes for people', () => {
    expect([formatBytes(512), formatBytes(9 * 1024), formatBytes(1.5 * MB), formatBytes(11 * MB)]).toEqual(['512 bytes', '9 KB', '1.5 MB', '11 MB']);
  });
});

describe('suggestQuestions (for a stimulus that lost its questions)', () => {
  const qs = [
    'Before we look at anything, how do you usually choose packaging?',
    'Take a look at "Concept A: kraft box". What is your first impression?',
    'Take a look at "Concept C: reusable crate". What is your first impression?',
    'Comparing "Concept A: kraft box", "Concept C: reusable crate", which would you pick, and why?',
    'What did you think of concept A overall?',
  ];
  it('offers the questions that quote the caption, ignoring case and quote style', () => {
    expect(suggestQuestions('concept a: Kraft Box', qs)).toEqual([qs[1], qs[3]]);
    expect(
      suggestQuestions(
        'Concept C: reusable crate',
        qs.map((q) => q.replace(/"/g, '“')),
      ),
    ).toHaveLength(2);
  });
  it('falls back to the caption’s label when no question quotes it in full, as a whole word', () => {
    expect(suggestQuestions('Concept A: matte version', qs)).toEqual([qs[1], qs[3], qs[4]]);
    expect(suggestQuestions('Concept: something', qs)).toEqual([]);
  });
  it('guesses nothing for no caption, a tiny one, or one no question names', () => {
    expect(suggestQuestions(null, qs)).toEqual([]);
    expect(suggestQuestions('A', qs)).toEqual([]);
    expect(suggestQuestions('Delivery tracking screen', qs)).toEqual([]);
  });
});
