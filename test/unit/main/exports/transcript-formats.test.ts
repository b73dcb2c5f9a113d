// Transcript exports, read back by independent parsers: `subtitle` for SRT/WebVTT, `csv-parse` for CSV.
// The transcript is the oracle: every cue or row must carry its turn's start, end and text.
import { describe, it, expect } from 'vitest';
import { parseSync, type NodeCue } from 'subtitle';
import { parse as parseCsv } from 'csv-parse/sync';
import {
  CSV_COLUMNS,
  TRANSCRIPT_TEXT_FORMATS,
  renderCsv,
  renderJson,
  renderMarkdown,
  renderSrt,
  renderTxt,
  renderVtt,
  type TranscriptExportInput,
  type TranscriptExportOptions,
  type TranscriptTextFormat,
} from '../../../../src/main/exports/transcript';
import type { InterviewDetail } from '../../../../src/shared/views';
import type { TranscriptTurn } from '../../../../src/shared/schemas/transcript';

const FORMATS = Object.keys(TRANSCRIPT_TEXT_FORMATS) as TranscriptTextFormat[];

function turn(index: number, role: TranscriptTurn['role'], text: string, start_ms: number, end_ms: number | null): TranscriptTurn {
  return { index, role, text, start_ms, end_ms };
}

const PLAIN_TURNS: TranscriptTurn[] = [
  turn(0, 'AI', 'Hi, thanks for joining. What made you cancel?', 0, 4200),
  turn(1, 'User', 'The recipes got repetitive after a month.', 4600, 9100),
  turn(2, 'AI', 'Which recipes do you remember?', 9500, null), // ends at the next start
  turn(3, 'User', 'Mostly the pasta ones, honestly.', 12_000, 15_250),
  turn(4, 'AI', 'Thank you, that is all.', 3_725_000, null), // last, no end: a reading-time duration
];

const SECRET = {
  email: 'zelda.q@example.org',
  employer: 'SecretCorpFieldValue',
  screenerQuestion: 'Which bank do you use?',
  screenerAnswer: 'HiddenBankAnswer',
};

function interview(overrides: Partial<InterviewDetail> = {}, name = 'Zelda Quartermain'): TranscriptExportInput {
  const detail: InterviewDetail = {
    id: 'iv_123',
    project_id: 'prj_42',
    code: 'P01',
    status: 'COMPLETED',
    completed_at: '2026-11-20T10:15:00Z',
    duration_minutes: 14.5,
    participant_name: name,
    participant_email: SECRET.email,
    screener_approved: true,
    detail_state: 'complete',
    turn_count: PLAIN_TURNS.length,
    has_video: true,
    participant: { name, email: SECRET.email, fields: { employer: SECRET.employer, plan: 'family' } },
    screener: { approved: true, items: [{ id: 'q1', text: SECRET.screenerQuestion, answer: SECRET.screenerAnswer }] },
    transcript: PLAIN_TURNS,
    thumbnail_url: null,
    offline: true,
    ...overrides,
  };
  return { project: { id: 'prj_42', title: 'Meal-kit churn' }, interview: detail };
}

function cues(text: string): NodeCue['data'][] {
  return parseSync(text)
    .filter((n): n is NodeCue => n.type === 'cue')
    .map((n) => ({ start: n.data.start, end: n.data.end, text: n.data.text }));
}

/** The transcript's own view of each cue: end = end_ms, else the next start, else start + 60 ms/char in 1..8 s. */
function expectedTimes(turns: TranscriptTurn[]): { start: number; end: number }[] {
  const timed = turns as (TranscriptTurn & { start_ms: number })[];
  return timed.map((t, i) => {
    const next = timed[i + 1];
    const end = t.end_ms ?? (next ? next.start_ms : t.start_ms + Math.min(8000, Math.max(1000, t.text.length * 60)));
    return { start: t.start_ms, end };
  });
}

function decodeVtt(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Splits `<v Speaker>text` into its (decoded) speaker and text. */
function voice(cueText: string): { speaker: string; text: string } {
  const m = /^<v ([^>]*)>([\s\S]*)$/.exec(cueText);
  if (!m) throw new Error(`no voice span in ${JSON.stringify(cueText)}`);
  return { speaker: decodeVtt(m[1]!), text: decodeVtt(m[2]!) };
}

const LABELS = { AI: 'Interviewer', User: 'Participant', unknown: 'Speaker' } as const;

describe('SRT and WebVTT round trips', () => {
  it('SRT cues parse back to the turns: numbered from 1, start, end and "Speaker: text"', () => {
    const input = interview();
    const srt = renderSrt(input);
    expect(srt.split('\n')[0]).toBe('1');
    expect(srt).toContain('01:02:05,000 --> 01:02:06,380'); // 1 h 2 min 5 s; 23 characters × 60 ms
    const times = expectedTimes(PLAIN_TURNS);
    expect(cues(srt)).toEqual(PLAIN_TURNS.map((t, i) => ({ ...times[i], text: `${LABELS[t.role]}: ${t.text}` })));
  });

  it('WebVTT has the header and <v Speaker> spans that parse back to the turns', () => {
    const vtt = renderVtt(interview());
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(vtt).toContain('00:00:04.600 --> 00:00:09.100');
    const parsed = cues(vtt);
    const times = expectedTimes(PLAIN_TURNS);
    expect(parsed.map((c) => ({ start: c.start, end: c.end, ...voice(c.text) }))).toEqual(
      PLAIN_TURNS.map((t, i) => ({ ...times[i], speaker: LABELS[t.role], text: t.text })),
    );
  });

  it('an end before its start, or a negative start, never makes a backwards cue', () => {
    const input = interview({ transcript: [turn(0, 'AI', 'a', 5000, 3000), turn(1, 'User', 'b', -20, 400)] });
    expect(cues(renderSrt(input)).map(({ start, end }) => ({ start, end }))).toEqual([
      { start: 5000, end: 5000 },
      { start: 0, end: 400 },
    ]);
  });
});

const ADVERSARIAL_TURNS: TranscriptTurn[] = [
  turn(0, 'AI', 'Step one --> step two --> done', 0, 1000),
  turn(1, 'User', '<script>alert("x")</script> & <b>bold</b> R&D', 1000, 2000),
  turn(2, 'AI', '\u200Fمرحبا بكم\u200F and 👩‍👩‍👧 🍝', 2000, 3000),
  turn(3, 'User', 'first line\r\n\r\n\r\nsecond line\rthird line\n\n', 3000, 4000),
  turn(4, 'User', 'the number\n2\nthen more', 4000, 5000),
  turn(5, 'unknown', '', 5000, 6000),
  turn(6, 'User', '00:00:01,000 --> 00:00:02,000', 6000, 7000),
];

/** What a subtitle cue may keep of a turn: line breaks unified, blank and trailing-space lines gone. */
function compact(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .filter((l) => l.trim() !== '')
    .join('\n');
}

describe('adversarial transcript text', () => {
  const input = interview({ transcript: ADVERSARIAL_TURNS });

  it('SRT keeps one cue per turn: "-->" becomes "→", blank lines inside text do not end a cue', () => {
    const parsed = cues(renderSrt(input));
    expect(parsed).toHaveLength(ADVERSARIAL_TURNS.length);
    expect(parsed.map((c) => c.text)).toEqual(ADVERSARIAL_TURNS.map((t) => `${LABELS[t.role]}: ${compact(t.text).replace(/-->/g, '→')}`.trimEnd()));
    expect(parsed[0]!.text).toBe('Interviewer: Step one → step two → done');
    expect(parsed[3]!.text).toBe('Participant: first line\nsecond line\nthird line');
    expect(parsed.map((c) => c.start)).toEqual(ADVERSARIAL_TURNS.map((t) => t.start_ms));
  });

  it('WebVTT escapes &, < and > so the text, arrows included, decodes back exactly', () => {
    const vtt = renderVtt(input);
    expect(vtt).not.toContain('<script');
    expect(vtt).not.toContain('<b>');
    // The only "-->" left are the timing lines.
    const arrows = vtt.split('\n').filter((l) => l.includes('-->'));
    expect(arrows).toHaveLength(ADVERSARIAL_TURNS.length);
    for (const l of arrows) expect(l).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3} --> \d{2}:\d{2}:\d{2}\.\d{3}$/);
    const parsed = cues(vtt);
    expect(parsed.map((c) => voice(c.text))).toEqual(ADVERSARIAL_TURNS.map((t) => ({ speaker: LABELS[t.role], text: compact(t.text) })));
    expect(voice(parsed[2]!.text).text).toContain('\u200F');
  });

  it('TXT keeps one paragraph per turn, each starting with [hh:mm:ss] Speaker:', () => {
    const txt = renderTxt(input);
    const paragraphs = txt.trimEnd().split('\n\n');
    expect(paragraphs).toHaveLength(ADVERSARIAL_TURNS.length);
    paragraphs.forEach((p, i) => {
      const t = ADVERSARIAL_TURNS[i]!;
      expect(p).toBe(`[${['00', '00', String(i).padStart(2, '0')].join(':')}] ${LABELS[t.role]}: ${compact(t.text)}`);
    });
  });

  it('Markdown shows HTML and Markdown syntax as text, not markup', () => {
    const md = renderMarkdown(input);
    expect(md).not.toMatch(/<script|<b>/);
    expect(md).toContain('&lt;script&gt;alert("x")&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt; R&amp;D');
    const list = renderMarkdown(interview({ transcript: [turn(0, 'User', 'intro\n# not a heading\n- not a list\n1. nor this *or this*', 0, 1)] }));
    expect(list).toContain('intro\\\n\\# not a heading\\\n\\- not a list\\\n1\\. nor this \\*or this\\*');
  });
});

describe('CSV', () => {
  function rows(csv: string): Record<string, string>[] {
    return parseCsv(csv, { columns: true, bom: true, skip_empty_lines: false }) as Record<string, string>[];
  }

  it('parses back to one row per turn with the header columns', () => {
    const input = interview();
    const csv = renderCsv(input);
    expect(csv.split('\n')[0]).toBe(CSV_COLUMNS.join(','));
    expect(rows(csv)).toEqual(
      PLAIN_TURNS.map((t, i) => ({
        project_id: 'prj_42',
        interview_id: 'iv_123',
        // Without participant data, the interview's participant code.
        participant: 'P01',
        turn: String(i + 1),
        role: LABELS[t.role],
        start_s: (t.start_ms! / 1000).toFixed(3),
        end_s: t.end_ms === null ? '' : (t.end_ms / 1000).toFixed(3),
        text: t.text,
      })),
    );
  });

  it.each(['lf', 'crlf'] as const)('adversarial text survives RFC 4180 quoting (%s), line breaks in the chosen ending', (lineEnding) => {
    const eol = lineEnding === 'crlf' ? '\r\n' : '\n';
    const texts = [...ADVERSARIAL_TURNS.map((t) => t.text), 'say "hi", then, "bye"', 'trailing quote"'];
    const input = interview({ transcript: texts.map((t, i) => turn(i, 'User', t, i * 1000, null)) });
    const parsed = rows(renderCsv(input, { lineEnding }));
    expect(parsed.map((r) => r.text)).toEqual(texts.map((t) => t.replace(/\r\n|\r|\n/g, eol)));
  });

  it('guards formula-looking cells by default and keeps them verbatim when asked', () => {
    const texts = ['=HYPERLINK("http://evil","x")', '+1', '-2 is fine?', '@SUM(A1)', 'plain'];
    const input = interview({ transcript: texts.map((t, i) => turn(i, 'User', t, i, i + 1)) });
    expect(rows(renderCsv(input)).map((r) => r.text)).toEqual(["'" + texts[0], "'+1", "'-2 is fine?", "'@SUM(A1)", 'plain']);
    expect(rows(renderCsv(input, { guardFormulas: false })).map((r) => r.text)).toEqual(texts);
  });

  it('writes a UTF-8 byte order mark only when asked', () => {
    expect(renderCsv(interview()).charCodeAt(0)).not.toBe(0xfeff);
    const withBom = renderCsv(interview(), { bom: true });
    expect(withBom.charCodeAt(0)).toBe(0xfeff);
    expect(rows(withBom)).toHaveLength(PLAIN_TURNS.length);
  });
});

describe('speaker labels and participant names', () => {
  it('"ai-user" labels turns AI and User', () => {
    const srt = cues(renderSrt(interview(), { speakerLabels: 'ai-user' }));
    expect(srt.map((c) => c.text.split(':')[0])).toEqual(['AI', 'User', 'AI', 'User', 'AI']);
  });

  const NAMES = ['CON', '../x', '..\\..\\windows', 'Ana <b>&amp;</b> Lee', '👩🏽‍🔬 Zoë', '\u200Fعلي', 'A'.repeat(300), 'two\nlines'];
  it.each(NAMES)('"name" labels carry the participant name %j intact through SRT, VTT and CSV', (name) => {
    const input = interview({}, name);
    const options: Partial<TranscriptExportOptions> = { speakerLabels: 'name' };
    const shown = name.replace(/\s+/g, ' ');
    const speakers = PLAIN_TURNS.map((t) => (t.role === 'AI' ? 'Interviewer' : shown));
    expect(cues(renderSrt(input, options)).map((c) => c.text.slice(0, c.text.lastIndexOf(': ')))).toEqual(speakers);
    expect(cues(renderVtt(input, options)).map((c) => voice(c.text).speaker)).toEqual(speakers);
    const csvRows = parseCsv(renderCsv(input, options), { columns: true }) as Record<string, string>[];
    expect(csvRows.map((r) => r.role)).toEqual(speakers);
    // The name, with the participant code beside it.
    expect(new Set(csvRows.map((r) => r.participant))).toEqual(new Set([`${shown} (P01)`]));
    expect(renderTxt(input, options)).toContain(`] ${shown}: The recipes`);
  });

  it('falls back to "Participant" when the name is unknown', () => {
    const input = interview({ participant: null, participant_name: null });
    expect(renderTxt(input, { speakerLabels: 'name' })).toContain('] Participant: The recipes');
  });
});

describe('privacy', () => {
  const input = interview();
  const NAME = 'Zelda Quartermain';
  const secrets = [SECRET.email, SECRET.employer, SECRET.screenerQuestion, SECRET.screenerAnswer, 'family'];

  it.each(FORMATS)('%s leaks no participant data by default', (format) => {
    const out = TRANSCRIPT_TEXT_FORMATS[format].render(input);
    for (const s of [NAME, 'Zelda', ...secrets]) expect(out).not.toContain(s);
  });

  it.each(FORMATS)('%s with name labels shows the name and still nothing else', (format) => {
    const out = TRANSCRIPT_TEXT_FORMATS[format].render(input, { speakerLabels: 'name' });
    expect(out).toContain(NAME);
    for (const s of secrets) expect(out).not.toContain(s);
  });

  it('Markdown and JSON carry participant fields and screener answers when included', () => {
    for (const out of [renderMarkdown(input, { includeParticipant: true }), renderJson(input, { includeParticipant: true })]) {
      for (const s of [NAME, ...secrets]) expect(out).toContain(s);
    }
    const csv = parseCsv(renderCsv(input, { includeParticipant: true }), { columns: true }) as Record<string, string>[];
    expect(csv[0]!.participant).toBe(`${NAME} (P01)`);
  });
});

describe('line endings', () => {
  const input = interview({ transcript: ADVERSARIAL_TURNS });
  it.each(FORMATS)('%s with CRLF ends every line with CRLF and is otherwise the LF output', (format) => {
    for (const includeParticipant of [false, true]) {
      const lf = TRANSCRIPT_TEXT_FORMATS[format].render(input, { includeParticipant });
      const crlf = TRANSCRIPT_TEXT_FORMATS[format].render(input, { includeParticipant, lineEnding: 'crlf' });
      expect(lf).not.toContain('\r');
      expect(crlf).not.toMatch(/[^\r]\n|^\n/);
      expect(crlf).not.toMatch(/\r(?!\n)/);
      expect(crlf).toContain('\r\n');
      expect(crlf.replace(/\r\n/g, '\n')).toBe(lf);
    }
  });

  it('CRLF subtitles still parse back to the same cues', () => {
    expect(cues(renderSrt(input, { lineEnding: 'crlf' }))).toEqual(cues(renderSrt(input)));
    expect(cues(renderVtt(input, { lineEnding: 'crlf' }))).toEqual(cues(renderVtt(input)));
  });
});

describe('Markdown header and JSON record', () => {
  it('Markdown names the project, interview, date and duration', () => {
    const md = renderMarkdown(interview());
    expect(md.split('\n')[0]).toBe('# Meal-kit churn: interview iv\\_123');
    expect(md).toContain('- **Project:** Meal-kit churn (prj\\_42)');
    expect(md).toContain('- **Interview:** iv\\_123');
    expect(md).toContain('- **Date:** 2026-11-20T10:15:00Z');
    expect(md).toContain('- **Duration:** 00:14:30');
    expect(md).toContain('**[00:00:04] Participant:** The recipes got repetitive after a month.');
  });

  it('JSON is the normalised record with a stable key order', () => {
    const input = interview();
    const out = renderJson(input);
    expect(renderJson(input)).toBe(out);
    const record = JSON.parse(out) as { turns: Record<string, unknown>[]; interview: Record<string, unknown> };
    expect(Object.keys(record)).toEqual(['format', 'version', 'project', 'interview', 'speaker_labels', 'turns']);
    expect(Object.keys(record.interview)).toEqual(['id', 'participant_code', 'status', 'completed_at', 'duration_minutes']);
    expect(record.interview.participant_code).toBe('P01');
    expect(record.turns).toEqual(
      PLAIN_TURNS.map((t) => ({ index: t.index, role: t.role, speaker: LABELS[t.role], start_ms: t.start_ms, end_ms: t.end_ms, text: t.text })),
    );
  });

  it('an interview without turns still renders every format', () => {
    const input = interview({ transcript: [] });
    for (const f of FORMATS) expect(typeof TRANSCRIPT_TEXT_FORMATS[f].render(input)).toBe('string');
    expect(renderVtt(input)).toBe('WEBVTT\n');
    expect(cues(renderSrt(input))).toEqual([]);
  });
});

describe('a turn whose time could not be read', () => {
  const UNTIMED: TranscriptTurn[] = [
    { index: 0, role: 'AI', text: 'Why did you cancel?', start_ms: 0, end_ms: 3000 },
    { index: 1, role: 'User', text: 'Untimed answer here.', start_ms: null, end_ms: null },
    { index: 2, role: 'AI', text: 'Thanks.', start_ms: 9000, end_ms: 10_000 },
  ];
  const input = interview({ transcript: UNTIMED, turn_count: 3 });

  it('is shown as "time unknown" in text formats, never as 00:00:00', () => {
    expect(renderTxt(input)).toContain('[time unknown] Participant: Untimed answer here.');
    expect(renderMarkdown(input)).toContain('[time unknown]');
    expect(renderTxt(input)).not.toMatch(/\[00:00:00\] Participant/);
  });

  it('keeps null in JSON and an empty time in CSV', () => {
    const json = JSON.parse(renderJson(input)) as { turns: { start_ms: number | null; text: string }[] };
    expect(json.turns.find((t) => t.text === 'Untimed answer here.')?.start_ms).toBeNull();
    const csv = parseCsv(renderCsv(input), { columns: true, bom: true }) as Record<string, string>[];
    expect(csv.find((r) => r.text === 'Untimed answer here.')?.start_s).toBe('');
  });

  it('is left out of subtitles, which need a time; the timed turns keep theirs', () => {
    for (const render of [renderSrt, renderVtt]) {
      const text = render(input);
      expect(text).not.toContain('Untimed answer here.');
      expect(text).toContain('Why did you cancel?');
      expect(text).toContain('Thanks.');
    }
  });
});
