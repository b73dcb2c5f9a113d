// The wire schemas in src/shared/schemas: strict for what the client sends, tolerant for what it reads.
import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import {
  FOLLOW_UPS,
  LIMITS,
  STIMULUS_FORMATS,
  contentTypeForFilename,
  createProjectRequest,
  creditBalance,
  embedInfo,
  errorBody,
  interactionModeIn,
  interviewStatusIn,
  patchProjectRequest,
  projectList,
  projectListItem,
  projectStatusIn,
  projectTypeIn,
  report,
  reportStatusIn,
  SNIPPET_KEYS,
  stimuliList,
  stimulusLimitFor,
  readWebhookEvent,
} from '../../../src/shared/schemas';
import { tolerantEnum } from '../../../src/shared/schemas/tolerant';

function issues(schema: z.ZodType, input: unknown): { path: string; message: string }[] {
  const r = schema.safeParse(input);
  if (r.success) return [];
  return r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

const messages = (schema: z.ZodType, input: unknown) => issues(schema, input).map((i) => i.message);

describe('tolerant enums', () => {
  it.each([
    { name: 'project status', schema: projectStatusIn, raw: 'IN_PROGRESS', expected: 'IN_PROGRESS' },
    { name: 'project status', schema: projectStatusIn, raw: 'in_progress', expected: 'IN_PROGRESS' },
    { name: 'project status', schema: projectStatusIn, raw: ' Draft ', expected: 'DRAFT' },
    { name: 'project status', schema: projectStatusIn, raw: 'ARCHIVED', expected: 'unknown' },
    { name: 'project type', schema: projectTypeIn, raw: 'stimuli', expected: 'STIMULI' },
    { name: 'interaction mode', schema: interactionModeIn, raw: 'VIDEO', expected: 'video' },
    { name: 'interaction mode', schema: interactionModeIn, raw: 'Chat', expected: 'chat' },
    { name: 'interaction mode', schema: interactionModeIn, raw: 'hologram', expected: 'unknown' },
    { name: 'report status', schema: reportStatusIn, raw: 'completed', expected: 'COMPLETED' },
    { name: 'interview status', schema: interviewStatusIn, raw: 'Incomplete', expected: 'INCOMPLETE' },
  ])('$name: reads $raw as $expected', ({ schema, raw, expected }) => {
    expect(schema.parse(raw)).toBe(expected);
  });

  it.each([[42], [null], [undefined], [true], [{}], [['DRAFT']]])('reads the non-string %j as "unknown" without throwing', (raw) => {
    expect(projectStatusIn.parse(raw)).toBe('unknown');
  });

  it('works for any value list', () => {
    const colour = tolerantEnum(['Red', 'GREEN'] as const);
    expect(colour.parse('red')).toBe('Red');
    expect(colour.parse('green')).toBe('GREEN');
    expect(colour.parse('blue')).toBe('unknown');
  });

  it('reads an omitted enum field as "unknown" instead of failing the object', () => {
    // tolerant.ts: "values outside the known set become 'unknown' ... instead of failing a whole sync";
    // the transform itself maps undefined to 'unknown', so an absent key must not be an error.
    expect(projectListItem.safeParse({ id: 'p1', title: 'T', created_at: '2025-01-01T00:00:00Z' })).toMatchObject({
      success: true,
      data: { status: 'unknown' },
    });
  });
});

describe('tolerant readers with omitted keys', () => {
  // A reader that maps undefined to a default must also accept the key being absent (zod 4 makes a bare
  // `z.unknown().transform()` key required). One omitted field must not fail a whole list.
  it('reads a stimulus record with only its id', () => {
    expect(stimuliList.parse({ items: [{ stimuli_id: 's1' }] })).toEqual({
      items: [{ stimuli_id: 's1', display_order: 0, image_url: null, video_url: null, caption: null, question_items: [] }],
      total: null,
    });
  });

  it('reads a report theme with only a title', () => {
    const r = report.parse({ report_id: 'r', project_id: 'p', status: 'COMPLETED', themes: [{ title: 't' }] });
    expect(r.themes).toEqual([{ title: 't', frequency: 0, summary: '', quotes: [] }]);
  });

  it('reads a recruiting record and a credit balance with omitted fields', () => {
    expect(projectListItem.parse({ id: 'p', recruiting: {} }).recruiting).toEqual({
      completed_participants: 0,
      has_launched: false,
      target_participants: null,
      type: 'unknown',
    });
    expect(creditBalance.parse({})).toEqual({ balance: null, trial_credits: null });
  });
});

describe('probing levels', () => {
  it('maps each level to the spec’s number of follow-ups', () => {
    expect(FOLLOW_UPS).toEqual({ low: 0, medium: 1, high: 3 });
  });
});

describe('projectListItem and projectList', () => {
  const base = { id: 'p1', title: 'Meal kits', status: 'IN_PROGRESS', created_at: '2025-01-01T00:00:00Z' };

  it('reads a missing or null recruiting record as null', () => {
    expect(projectListItem.parse(base).recruiting).toBeNull();
    expect(projectListItem.parse({ ...base, recruiting: null }).recruiting).toBeNull();
  });

  it('reads numeric strings and string booleans in the recruiting record', () => {
    const item = projectListItem.parse({
      ...base,
      recruiting: { completed_participants: '4', has_launched: 'true', target_participants: '10', type: 'internal' },
    });
    expect(item.recruiting).toEqual({ completed_participants: 4, has_launched: true, target_participants: 10, type: 'INTERNAL' });
  });

  it('defaults unreadable counts: completed to 0, target to null, has_launched to false', () => {
    const item = projectListItem.parse({
      ...base,
      recruiting: { completed_participants: null, has_launched: 'yes', target_participants: 'ten', type: 'PANEL' },
    });
    expect(item.recruiting).toEqual({ completed_participants: 0, has_launched: false, target_participants: null, type: 'unknown' });
  });

  it('truncates fractional counts to integers', () => {
    const item = projectListItem.parse({
      ...base,
      recruiting: { completed_participants: 3.7, has_launched: true, target_participants: '12.2', type: 'USER_INTERVIEWS' },
    });
    expect(item.recruiting).toMatchObject({ completed_participants: 3, target_participants: 12, type: 'USER_INTERVIEWS' });
  });

  it('reads a null title as an empty string and an unknown status as "unknown"', () => {
    const item = projectListItem.parse({ ...base, title: null, status: 'ARCHIVED' });
    expect(item.title).toBe('');
    expect(item.status).toBe('unknown');
  });

  it('rejects an item without an id', () => {
    expect(projectListItem.safeParse({ ...base, id: '' }).success).toBe(false);
    expect(projectListItem.safeParse({ title: 'x' }).success).toBe(false);
  });

  it('reads omitted optional-in-practice fields (created_at, title) as empty instead of failing', () => {
    // looseString's contract: "A string the spec promises but a real service may send as null or omit."
    const r = projectListItem.safeParse({ id: 'p1', status: 'DRAFT' });
    expect(r.success).toBe(true);
    if (r.success) {
      expect(r.data.created_at).toBeNull();
      expect(r.data.title).toBe('');
    }
  });

  it('parses a list and drops fields it does not know', () => {
    const list = projectList.parse({ items: [{ ...base, internal_flag: true }] });
    expect(list.items.items).toHaveLength(1);
    expect(list.items.items[0]).not.toHaveProperty('internal_flag');
  });

  it('leaves out, and counts, an item whose id the IPC contract would refuse; the others are kept', () => {
    const list = projectList.parse({ items: [{ ...base, id: 'x'.repeat(201) }, { ...base, id: 'bad\u0000id' }, { ...base, id: '' }, base] });
    expect(list.items.items.map((p) => p.id)).toEqual([base.id]);
    expect(list.items.rejected).toBe(3);
  });
});

describe('report', () => {
  const theme = (title: string, frequency: unknown, quotes: unknown = []) => ({ title, frequency, summary: `${title} summary`, quotes });

  it('sorts themes by frequency, descending', () => {
    const r = report.parse({
      report_id: 'r1',
      project_id: 'p1',
      status: 'COMPLETED',
      themes: [theme('low', 0.2), theme('high', 0.9), theme('mid', 0.5)],
    });
    expect(r.themes.map((t) => t.title)).toEqual(['high', 'mid', 'low']);
  });

  it('reads percentages as shares and sorts after converting', () => {
    const r = report.parse({
      report_id: 'r1',
      project_id: 'p1',
      status: 'COMPLETED',
      themes: [theme('a', 0.5), theme('b', 67), theme('c', '0.7'), theme('d', 100)],
    });
    expect(r.themes.map((t) => t.title)).toEqual(['d', 'c', 'b', 'a']);
    expect(r.themes.find((t) => t.title === 'b')?.frequency).toBeCloseTo(0.67, 10);
    expect(r.themes.find((t) => t.title === 'd')?.frequency).toBe(1);
    expect(r.themes.find((t) => t.title === 'c')?.frequency).toBeCloseTo(0.7, 10);
  });

  it.each([
    [150, 1],
    [-0.2, 0],
    [-40, 0],
    ['abc', 0],
    [null, 0],
    [Number.POSITIVE_INFINITY, 0],
    [0, 0],
    [1, 1],
    [0.25, 0.25],
  ])('clamps frequency %s to %s', (raw, expected) => {
    const r = report.parse({ report_id: 'r', project_id: 'p', status: 'COMPLETED', themes: [theme('t', raw)] });
    const f = r.themes[0]?.frequency;
    expect(f).toBe(expected);
    expect(f).toBeGreaterThanOrEqual(0);
    expect(f).toBeLessThanOrEqual(1);
  });

  it('keeps only string quotes', () => {
    const r = report.parse({
      report_id: 'r',
      project_id: 'p',
      status: 'COMPLETED',
      themes: [theme('t', 0.5, ['I love it', 42, null, { text: 'x' }, 'Too pricey'])],
    });
    expect(r.themes[0]?.quotes).toEqual(['I love it', 'Too pricey']);
  });

  it('reads null quotes and null themes as empty lists', () => {
    const r = report.parse({ report_id: 'r', project_id: 'p', status: 'COMPLETED', themes: [theme('t', 0.5, null)] });
    expect(r.themes[0]?.quotes).toEqual([]);
    expect(report.parse({ report_id: 'r', project_id: 'p', status: 'PROCESSING', themes: null }).themes).toEqual([]);
  });

  it('gives a processing report null fields and no themes', () => {
    expect(report.parse({ report_id: 'r', project_id: 'p', status: 'PROCESSING' })).toEqual({
      report_id: 'r',
      project_id: 'p',
      status: 'PROCESSING',
      generated_at: null,
      interviews_analysed: null,
      summary: null,
      themes: [],
    });
  });
});

describe('errorBody', () => {
  it('reads the spec shape {error: {code, message}}', () => {
    expect(errorBody.parse({ error: { code: 'invalid_api_key', message: 'Bad key' } })).toMatchObject({
      code: 'invalid_api_key',
      message: 'Bad key',
      balance_available: null,
      balance_required: null,
      shortfall: null,
    });
  });

  it('reads the 402 balance fields inside error', () => {
    const b = errorBody.parse({
      error: { code: 'insufficient_balance', message: 'Top up', balance_available: 5, balance_required: 20, shortfall: 15 },
    });
    expect(b).toMatchObject({ code: 'insufficient_balance', message: 'Top up', balance_available: 5, balance_required: 20, shortfall: 15 });
  });

  it('reads the 402 balance fields beside error, including numeric strings', () => {
    const b = errorBody.parse({
      error: { code: 'insufficient_balance', message: 'Top up' },
      balance_available: '5',
      balance_required: 20,
      shortfall: '15',
    });
    expect(b).toMatchObject({ code: 'insufficient_balance', balance_available: 5, balance_required: 20, shortfall: 15 });
  });

  it('reads a flat 402 body without the error wrapper', () => {
    const b = errorBody.parse({ code: 'insufficient_balance', message: 'Top up', balance_available: 0, balance_required: 10, shortfall: 10 });
    expect(b).toMatchObject({ code: 'insufficient_balance', message: 'Top up', balance_available: 0, balance_required: 10, shortfall: 10 });
  });

  it('prefers the fields inside error when both places carry them', () => {
    const b = errorBody.parse({ error: { code: 'insufficient_balance', message: 'm', shortfall: 3 }, shortfall: 99 });
    expect(b.shortfall).toBe(3);
  });

  it('reads a missing or empty code as null', () => {
    // The spec leaves several codes "not stated" (429, the second launch's 409, 400/404/502/503).
    expect(errorBody.parse({}).code).toBeNull();
    expect(errorBody.parse({ error: { code: '', message: 'x' } }).code).toBeNull();
    expect(errorBody.parse({ error: { code: 42, message: 'x' } }).code).toBeNull();
    const missing = errorBody.safeParse({ error: { message: 'Rate limit exceeded' } });
    expect(missing.success).toBe(true);
    if (missing.success) {
      expect(missing.data.code).toBeNull();
      expect(missing.data.message).toBe('Rate limit exceeded');
    }
  });
});

describe('createProjectRequest (strict)', () => {
  const valid = {
    intro_message: 'Thanks for joining.',
    questions: [{ question: 'How do you plan your weekly meals?', probing_level: 'medium' }],
    languages: [{ language_name: 'English', accent: 'en-US' }],
    interaction_modes: ['video', 'chat'],
  };

  it('accepts a minimal valid body and trims texts', () => {
    const r = createProjectRequest.parse({ ...valid, questions: [{ question: '  Why?  ', probing_level: 'high' }] });
    expect(r.questions).toEqual([{ question: 'Why?', probing_level: 'high' }]);
  });

  it('accepts a full body', () => {
    expect(
      createProjectRequest.safeParse({
        ...valid,
        title: 'Meal kits',
        type: 'STIMULI',
        purpose: 'p',
        research_objective: 'r',
        end_message: 'Bye',
        target_participants: 25,
        recruiting_type: 'USER_INTERVIEWS',
      }).success,
    ).toBe(true);
  });

  it('requires at least one question', () => {
    expect(messages(createProjectRequest, { ...valid, questions: [] })).toContain('Add at least one question');
  });

  it('requires at least one language', () => {
    expect(messages(createProjectRequest, { ...valid, languages: [] })).toContain('Add at least one language');
  });

  it('requires at least one interaction mode, each mode once', () => {
    expect(messages(createProjectRequest, { ...valid, interaction_modes: [] })).toContain('Choose at least one interaction mode');
    expect(messages(createProjectRequest, { ...valid, interaction_modes: ['audio', 'audio'] })).toContain('Each interaction mode once');
    expect(issues(createProjectRequest, { ...valid, interaction_modes: ['hologram'] }).map((i) => i.path)).toContain('interaction_modes.0');
  });

  it('refuses two questions with the same text, also after trimming', () => {
    const dupes = [
      { question: 'Why?', probing_level: 'low' },
      { question: ' Why? ', probing_level: 'high' },
    ];
    expect(messages(createProjectRequest, { ...valid, questions: dupes })).toContain('Two questions have the same text');
  });

  it('keeps questions differing only in case (question_items match exact texts)', () => {
    const qs = [
      { question: 'Why?', probing_level: 'low' },
      { question: 'why?', probing_level: 'low' },
    ];
    expect(createProjectRequest.safeParse({ ...valid, questions: qs }).success).toBe(true);
  });

  it.each(['low', 'medium', 'high'])('accepts probing level %s', (level) => {
    expect(createProjectRequest.safeParse({ ...valid, questions: [{ question: 'Q', probing_level: level }] }).success).toBe(true);
  });

  it.each(['LOW', 'extreme', '', 2, undefined])('refuses probing level %j', (level) => {
    const found = issues(createProjectRequest, { ...valid, questions: [{ question: 'Q', probing_level: level }] });
    expect(found.map((i) => i.path)).toContain('questions.0.probing_level');
  });

  it.each(['en-US', 'pt-BR', 'fr', 'zh-Hant-TW', 'es-419'])('accepts the locale accent %s', (accent) => {
    expect(createProjectRequest.safeParse({ ...valid, languages: [{ language_name: 'X', accent }] }).success).toBe(true);
  });

  it.each(['english', 'American', 'en_US', 'EN-US', 'e', ''])('refuses the accent %j with a readable message', (accent) => {
    expect(messages(createProjectRequest, { ...valid, languages: [{ language_name: 'English', accent }] })).toContain(
      'The accent must be a locale code such as en-US',
    );
  });

  it('gives readable messages for empty and over-long texts and bad targets', () => {
    expect(messages(createProjectRequest, { ...valid, questions: [{ question: '   ', probing_level: 'low' }] })).toContain('A question cannot be empty');
    expect(messages(createProjectRequest, { ...valid, questions: [{ question: 'x'.repeat(LIMITS.questionMax + 1), probing_level: 'low' }] })).toContain(
      `A question is longer than ${LIMITS.questionMax} characters`,
    );
    expect(messages(createProjectRequest, { ...valid, intro_message: ' ' })).toContain('The intro message cannot be empty');
    expect(messages(createProjectRequest, { ...valid, target_participants: 0 })).toContain('The target must be at least 1');
    expect(messages(createProjectRequest, { ...valid, target_participants: 2.5 })).toContain('The target must be a whole number');
  });

  it('requires intro_message, questions, languages and interaction_modes', () => {
    const paths = issues(createProjectRequest, {}).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['intro_message', 'questions', 'languages', 'interaction_modes']));
  });

  it('refuses unknown enum values for type and recruiting type', () => {
    expect(createProjectRequest.safeParse({ ...valid, type: 'SURVEY' }).success).toBe(false);
    expect(createProjectRequest.safeParse({ ...valid, recruiting_type: 'PANEL' }).success).toBe(false);
  });
});

describe('patchProjectRequest', () => {
  it('requires at least one field', () => {
    expect(messages(patchProjectRequest, {})).toContain('Change at least one field');
    expect(messages(patchProjectRequest, { title: undefined })).toContain('Change at least one field');
    // unknown keys are stripped, so they do not count as a change
    expect(messages(patchProjectRequest, { status: 'COMPLETE' })).toContain('Change at least one field');
  });

  it('accepts end_message: null, which clears the closing message', () => {
    const r = patchProjectRequest.safeParse({ end_message: null });
    expect(r.success).toBe(true);
    if (r.success) expect(r.data).toEqual({ end_message: null });
  });

  it('accepts any single field', () => {
    expect(patchProjectRequest.safeParse({ title: 'New title' }).success).toBe(true);
    expect(patchProjectRequest.safeParse({ intro_message: 'Hello' }).success).toBe(true);
    expect(patchProjectRequest.safeParse({ questions: [{ question: 'Q', probing_level: 'low' }] }).success).toBe(true);
  });

  it('requires at least one question when questions are provided', () => {
    expect(messages(patchProjectRequest, { questions: [] })).toContain('Add at least one question');
  });
});

describe('stimuliList', () => {
  const stim = (id: string, display_order: unknown) => ({
    stimuli_id: id,
    display_order,
    image_url: `https://cdn.example.com/${id}.png`,
    video_url: null,
    caption: id,
    question_items: ['Q1'],
  });

  it('sorts items by display_order, reading numeric strings', () => {
    const list = stimuliList.parse({ items: [stim('c', 3), stim('a', '1'), stim('b', 2)], total: 3 });
    expect(list.items.map((s) => s.stimuli_id)).toEqual(['a', 'b', 'c']);
    expect(list.items.map((s) => s.display_order)).toEqual([1, 2, 3]);
    expect(list.total).toBe(3);
  });

  it('keeps only string question_items and reads null as empty', () => {
    const list = stimuliList.parse({
      items: [
        { ...stim('a', 1), question_items: ['Q1', 2, null, 'Q2'] },
        { ...stim('b', 2), question_items: null },
      ],
      total: '2',
    });
    expect(list.items[0]?.question_items).toEqual(['Q1', 'Q2']);
    expect(list.items[1]?.question_items).toEqual([]);
    expect(list.total).toBe(2);
  });
});

describe('stimulus formats and limits', () => {
  it('covers exactly the spec’s image and video formats', () => {
    expect(Object.keys(STIMULUS_FORMATS).sort()).toEqual(
      [
        'image/avif',
        'image/gif',
        'image/heic',
        'image/heif',
        'image/jpeg',
        'image/png',
        'image/svg+xml',
        'image/webp',
        'video/mp4',
        'video/quicktime',
        'video/webm',
        'video/x-matroska',
        'video/x-msvideo',
      ].sort(),
    );
  });

  it('limits images to 10 MB and videos to 100 MB', () => {
    expect(stimulusLimitFor('image/png')).toEqual({ kind: 'image', maxBytes: 10 * 1024 * 1024 });
    expect(stimulusLimitFor('VIDEO/WEBM')).toEqual({ kind: 'video', maxBytes: 100 * 1024 * 1024 });
    expect(stimulusLimitFor('application/pdf')).toBeNull();
  });

  it.each([
    ['photo.JPG', 'image/jpeg'],
    ['photo.jpeg', 'image/jpeg'],
    ['clip.mov', 'video/quicktime'],
    ['clip.mkv', 'video/x-matroska'],
    ['a.b.webm', 'video/webm'],
    ['drawing.svg', 'image/svg+xml'],
    ['report.pdf', null],
    ['noextension', null],
    ['png', null],
  ])('maps %s to %j', (name, type) => {
    expect(contentTypeForFilename(name)).toBe(type);
  });
});

describe('creditBalance', () => {
  it('reads the formatted balance and integer trial credits', () => {
    expect(creditBalance.parse({ balance: '$120.00', trial_credits: '3' })).toEqual({ balance: '$120.00', trial_credits: 3 });
    expect(creditBalance.parse({ balance: null, trial_credits: null })).toEqual({ balance: null, trial_credits: null });
  });
});

describe('embedInfo', () => {
  const snippets = Object.fromEntries(SNIPPET_KEYS.map((k) => [k, `<snippet ${k}>`]));
  const info = {
    embed_url: 'https://call.example.com/embed/i1/p1',
    interview_id: 'i1',
    project_id: 'p1',
    snippets,
  };

  it('lists the spec’s six snippet keys', () => {
    expect([...SNIPPET_KEYS].sort()).toEqual(
      ['iframe', 'mobile_modal', 'mobile_webview', 'widget_inline', 'widget_overlay_center', 'widget_overlay_dock_right'].sort(),
    );
  });

  it('parses embed information with all six snippets', () => {
    expect(embedInfo.parse(info).snippets).toEqual(snippets);
  });

  it.each([...SNIPPET_KEYS])('refuses embed information missing the %s snippet', (key) => {
    const partial: Record<string, string> = { ...snippets };
    delete partial[key];
    const found = issues(embedInfo, { ...info, snippets: partial });
    expect(found.map((i) => i.path)).toEqual([`snippets.${key}`]);
  });

  it('refuses a non-string snippet and a missing embed_url', () => {
    expect(embedInfo.safeParse({ ...info, snippets: { ...snippets, iframe: null } }).success).toBe(false);
    expect(embedInfo.safeParse({ ...info, embed_url: '' }).success).toBe(false);
  });
});

describe('readWebhookEvent', () => {
  const completed = {
    event: 'interview_completed',
    created_at: '2025-03-01T10:00:00Z',
    data: {
      org_id: 'o1',
      project_id: 'p1',
      interview_id: 'i1',
      user_interview_id: 'u1',
      video_url: 'https://cdn.example.com/v.webm',
      video_url_expires_at: '2025-03-02T10:00:00Z',
      completed_at: '2025-03-01T09:59:00Z',
      completed_participants: '7',
    },
  };

  it('parses interview_completed with every data field', () => {
    const r = readWebhookEvent(completed);
    if (r.kind !== 'interview_completed') throw new Error(`expected interview_completed, got ${r.kind}`);
    expect(r.event.data).toEqual({ ...completed.data, completed_participants: 7 });
    expect(r.event.created_at).toBe('2025-03-01T10:00:00Z');
  });

  it('keeps an unknown event kind as "unknown" with its name, so it can be acknowledged', () => {
    expect(readWebhookEvent({ event: 'interview_started', created_at: '2025-03-01T10:00:00Z', data: { x: 1 } })).toEqual({
      kind: 'unknown',
      event_name: 'interview_started',
    });
  });

  it('refuses a known kind whose payload is broken instead of passing it off as unknown', () => {
    expect(readWebhookEvent({ ...completed, data: { project_id: 'p1' } }).kind).toBe('invalid');
  });

  it('refuses a body without an event name', () => {
    expect(readWebhookEvent({ created_at: 'x', data: {} }).kind).toBe('invalid');
    expect(readWebhookEvent(null).kind).toBe('invalid');
  });
});
