// DOCX transcript and report exports, the project CSVs and the report Markdown/HTML, read back independently:
// DOCX by unzipping it and reading word/document.xml's paragraphs, CSVs with csv-parse. The inputs are the
// oracle: every turn, theme, quote and location must come back, in order.
import { describe, it, expect } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { parse as parseCsv } from 'csv-parse/sync';
import { TRANSCRIPT_BINARY_FORMATS, renderDocx, type TranscriptExportInput } from '../../../../src/main/exports/transcript';
import { renderParticipantsCsv, renderScreenerCsv, SCREENER_CSV_COLUMNS } from '../../../../src/main/exports/project-csv';
import { REPORT_FORMATS, renderReportDocx, renderReportHtml, renderReportMarkdown, type ReportExportInput } from '../../../../src/main/exports/report';
import type { InterviewDetail } from '../../../../src/shared/views';
import type { Report } from '../../../../src/shared/schemas/report';
import type { TranscriptTurn } from '../../../../src/shared/schemas/transcript';
import { documentXml, docxParagraphs } from '../../../support/docx';

const TURNS: TranscriptTurn[] = [
  { index: 0, role: 'AI', text: 'Hi, thanks for joining. What made you cancel?', start_ms: 0, end_ms: 4200 },
  { index: 1, role: 'User', text: 'The recipes got <b>repetitive</b> & dull.\nAfter a month.', start_ms: 4600, end_ms: 9100 },
  { index: 2, role: 'AI', text: 'Which recipes do you remember?', start_ms: 9500, end_ms: null },
  { index: 3, role: 'User', text: 'Mostly the pasta ones, honestly.\u0001', start_ms: 3_725_000, end_ms: null },
];

const EMAIL = 'zelda.q@example.org';

function detail(id: string, overrides: Partial<InterviewDetail> = {}): InterviewDetail {
  return {
    id,
    project_id: 'prj_42',
    code: 'P01',
    status: 'COMPLETED',
    completed_at: '2026-11-20T10:15:00Z',
    duration_minutes: 14.5,
    participant_name: 'Zelda Quartermain',
    participant_email: EMAIL,
    screener_approved: true,
    detail_state: 'complete',
    turn_count: TURNS.length,
    has_video: true,
    participant: { name: 'Zelda Quartermain', email: EMAIL, fields: { name: 'Zelda Quartermain', email: EMAIL, employer: 'SecretCorp', age: 34 } },
    screener: { approved: true, items: [{ id: 'q1', text: 'Which bank do you use?', answer: 'HiddenBank' }] },
    transcript: TURNS,
    thumbnail_url: null,
    offline: true,
    ...overrides,
  };
}

const INPUT: TranscriptExportInput = { project: { id: 'prj_42', title: 'Meal-kit churn' }, interview: detail('iv_123') };

/** Index of each needle in the paragraphs, searching forward: asserts presence and order at once. */
function expectInOrder(paragraphs: string[], needles: string[]): void {
  let from = 0;
  for (const needle of needles) {
    const at = paragraphs.findIndex((p, i) => i >= from && p.includes(needle));
    expect(at, `"${needle}" after paragraph ${from}`).toBeGreaterThanOrEqual(from);
    from = at + 1;
  }
}

describe('transcript DOCX', () => {
  it('has the title block, then every turn in order with timestamp and speaker, and no participant data by default', async () => {
    const buf = await renderDocx(INPUT);
    const paragraphs = docxParagraphs(new Uint8Array(buf));
    expectInOrder(paragraphs, [
      'Meal-kit churn: interview iv_123',
      'Project: Meal-kit churn (prj_42)',
      'Interview: iv_123',
      'Date: 2026-11-20T10:15:00Z',
      '[00:00:00] Interviewer: Hi, thanks for joining. What made you cancel?',
      '[00:00:04] Participant: The recipes got <b>repetitive</b> & dull.\nAfter a month.',
      '[00:00:09] Interviewer: Which recipes do you remember?',
      '[01:02:05] Participant: Mostly the pasta ones, honestly.',
    ]);
    const all = paragraphs.join('\n');
    for (const secret of [EMAIL, 'Zelda', 'SecretCorp', 'HiddenBank', 'Which bank']) expect(all).not.toContain(secret);
    // A control character would make the XML (and the file) invalid for Word.
    expect(documentXml(new Uint8Array(buf)).includes(String.fromCharCode(1))).toBe(false);
  });

  it('puts the speaker in bold', async () => {
    const xml = documentXml(new Uint8Array(await renderDocx(INPUT)));
    expect(xml).toMatch(/<w:r><w:rPr><w:b\/>(?:<w:bCs\/>)?<\/w:rPr><w:t xml:space="preserve">Interviewer: <\/w:t><\/w:r>/);
  });

  it('adds participant fields and screener answers only when asked, and honours speaker labels', async () => {
    const paragraphs = docxParagraphs(
      new Uint8Array(await TRANSCRIPT_BINARY_FORMATS.docx.render(INPUT, { includeParticipant: true, speakerLabels: 'ai-user' })),
    );
    expectInOrder(paragraphs, [
      'Participant: Zelda Quartermain',
      `Email: ${EMAIL}`,
      'employer: SecretCorp',
      'Which bank do you use?: HiddenBank',
      '[00:00:00] AI:',
      '[00:00:04] User:',
    ]);
  });
});

describe('project CSVs', () => {
  const interviews = [
    detail('iv_1'),
    detail('iv_2', {
      participant_name: 'Bob',
      participant_email: null,
      participant: { name: 'Bob, "the builder"', email: null, fields: { city: '=HYPERLINK("x")', employer: 'Acme' } },
      screener: {
        approved: false,
        items: [
          { id: 'q1', text: 'Which bank do you use?', answer: 'Line one\nline two' },
          { id: 'q2', text: 'Age, roughly?', answer: null },
        ],
      },
    }),
    detail('iv_3', { participant: null, screener: null, participant_name: null, participant_email: null }),
  ];
  const project = { id: 'prj_42', title: 'Meal-kit churn' };

  it('screener answers: one row per interview and question, parsed back as written', () => {
    for (const lineEnding of ['lf', 'crlf'] as const) {
      const text = renderScreenerCsv({ project, interviews }, { lineEnding });
      const rows = parseCsv(text) as string[][];
      expect(rows[0]).toEqual([...SCREENER_CSV_COLUMNS]);
      const eol = lineEnding === 'crlf' ? '\r\n' : '\n';
      expect(rows.slice(1)).toEqual([
        ['iv_1', 'Zelda Quartermain', 'yes', 'q1', 'Which bank do you use?', 'HiddenBank'],
        ['iv_2', 'Bob, "the builder"', 'no', 'q1', 'Which bank do you use?', `Line one${eol}line two`],
        ['iv_2', 'Bob, "the builder"', 'no', 'q2', 'Age, roughly?', ''],
      ]);
      if (lineEnding === 'crlf') expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    }
  });

  it('participants: a column per custom field (union, first-seen order), formula cells guarded, BOM on request', () => {
    const text = renderParticipantsCsv({ project, interviews }, { bom: true });
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text, { bom: true }) as string[][];
    expect(rows).toEqual([
      ['interview_id', 'name', 'email', 'employer', 'age', 'city'],
      ['iv_1', 'Zelda Quartermain', EMAIL, 'SecretCorp', '34', ''],
      ['iv_2', 'Bob, "the builder"', '', 'Acme', '', `'=HYPERLINK("x")`],
      ['iv_3', '', '', '', '', ''],
    ]);
  });
});

const REPORT: Report = {
  report_id: 'rep_1',
  project_id: 'prj_42',
  status: 'COMPLETED',
  generated_at: '2026-11-21T08:00:00Z',
  interviews_analysed: 12,
  summary: 'People leave when cooking feels like a chore.',
  // Deliberately not sorted: the exports must order by frequency themselves.
  themes: [
    { title: 'Price', frequency: 0.25, summary: 'Too expensive after the discount.', quotes: ['It doubled after week 4.'] },
    {
      title: 'Repetition',
      frequency: 0.58,
      summary: 'Recipes repeat.',
      quotes: ['Pasta again, every week.', 'I <img src=x onerror=alert(1)> stopped opening the box.'],
    },
    { title: 'Delivery', frequency: 0.4, summary: '', quotes: ['The box came at 11pm.'] },
  ] as Report['themes'],
};

const REPORT_INPUT: ReportExportInput = {
  project: { id: 'prj_42', title: 'Meal-kit churn' },
  report: REPORT,
  // Indexed like report.themes: Price, Repetition, Delivery.
  locations: [[{ interview: 'Interview 7', start_ms: 61_000 }], [{ interview: 'Zoe (iv_2)', start_ms: 3_725_000 }, null], [null]],
};

describe('report exports', () => {
  it('Markdown: summary, meta, themes by frequency with percentages, quotes and their locations', () => {
    const md = renderReportMarkdown(REPORT_INPUT);
    const order = [
      'Interviews analysed:** 12',
      'Generated at:** 2026-11-21 08:00 UTC',
      'People leave when cooking',
      '### Repetition (58%)',
      '> Pasta again, every week.',
      '— Zoe (iv\\_2), 01:02:05',
      '### Delivery (40%)',
      '> The box came at 11pm.',
      '### Price (25%)',
      '> It doubled after week 4.',
      '— Interview 7, 00:01:01',
    ];
    let from = 0;
    for (const s of order) {
      const at = md.indexOf(s, from);
      expect(at, s).toBeGreaterThanOrEqual(0);
      from = at + s.length;
    }
    expect(md).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(md).not.toContain('<img');
    // Only two quotes were located.
    expect(md.match(/^> — /gm)).toHaveLength(2);
    expect(renderReportMarkdown(REPORT_INPUT, { lineEnding: 'crlf' }).replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('HTML: self-contained, no scripts, server text escaped, themes by frequency with quotes and locations, print styles', () => {
    const html = REPORT_FORMATS.html.render(REPORT_INPUT);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain('I &lt;img src=x onerror=alert(1)&gt; stopped opening the box.');
    expect(html).not.toMatch(/\b(?:src|href)\s*=\s*["']?(?:https?:|\/\/)/i);
    expect(html).not.toMatch(/@import|url\(/i);
    expect(html).toMatch(/@media print/);
    const headings = [...html.matchAll(/<h3>([^<]*)<\/h3><span class="share">([^<]*)<\/span>/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(headings).toEqual(['Repetition 58%', 'Delivery 40%', 'Price 25%']);
    const quotes = [...html.matchAll(/<blockquote><p>([\s\S]*?)<\/p>(?:<cite>([^<]*)<\/cite>)?<\/blockquote>/g)].map((m) => [m[1], m[2] ?? null]);
    expect(quotes).toEqual([
      ['Pasta again, every week.', 'Zoe (iv_2), 01:02:05'],
      ['I &lt;img src=x onerror=alert(1)&gt; stopped opening the box.', null],
      ['The box came at 11pm.', null],
      ['It doubled after week 4.', 'Interview 7, 00:01:01'],
    ]);
    expect(html).toContain('People leave when cooking feels like a chore.');
    expect(html).toMatch(/<dt>Interviews analysed<\/dt><dd>12<\/dd>/);
  });

  it('HTML escapes a hostile project title and theme title too', () => {
    const hostile: ReportExportInput = {
      project: { id: 'p', title: '</title><script>alert(1)</script>' },
      report: { ...REPORT, themes: [{ title: '"><svg onload=alert(1)>', frequency: 0.5, summary: '', quotes: [] }] as Report['themes'] },
    };
    const html = renderReportHtml(hostile);
    expect(html).not.toMatch(/<script|<svg/i);
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;');
  });

  it('DOCX: summary, meta, themes by frequency, quotes and locations read back in order', async () => {
    const paragraphs = docxParagraphs(new Uint8Array(await renderReportDocx(REPORT_INPUT)));
    expectInOrder(paragraphs, [
      'Meal-kit churn: report',
      'Interviews analysed: 12',
      'Generated at: 2026-11-21 08:00 UTC',
      'People leave when cooking feels like a chore.',
      'Repetition (58%)',
      'Recipes repeat.',
      '“Pasta again, every week.”\n— Zoe (iv_2), 01:02:05',
      '“I <img src=x onerror=alert(1)> stopped opening the box.”',
      'Delivery (40%)',
      '“The box came at 11pm.”',
      'Price (25%)',
      '“It doubled after week 4.”\n— Interview 7, 00:01:01',
    ]);
    expect(paragraphs.filter((p) => p.includes('— '))).toHaveLength(2);
  });

  it('exports without locations or themes still read sensibly', async () => {
    const bare: ReportExportInput = { project: { id: 'p', title: '' }, report: { ...REPORT, themes: [], summary: null, interviews_analysed: null } };
    expect(renderReportMarkdown(bare)).toContain('_No themes._');
    expect(renderReportHtml(bare)).toContain('No summary.');
    expect(docxParagraphs(new Uint8Array(await renderReportDocx(bare)))).toEqual(
      expect.arrayContaining(['p: report', 'Interviews analysed: unknown', 'No themes.']),
    );
  });
});

describe('DOCX with hostile text in every field', () => {
  // XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]. Anything else makes Word
  // refuse the file; this checks code points one by one rather than reusing the exporter's pattern.
  function invalidXmlChars(xml: string): number[] {
    const bad: number[] = [];
    for (let i = 0; i < xml.length; i++) {
      const c = xml.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < xml.length && xml.charCodeAt(i + 1) >= 0xdc00 && xml.charCodeAt(i + 1) <= 0xdfff) {
        i++;
        continue;
      }
      const ok = c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd);
      if (!ok) bad.push(c);
    }
    return bad;
  }
  const HOSTILE = 'bad \u0000\u0007\u000b \uD800 lone ]]> <x> & "q" \u2028 sep \uFFFE 😀';

  it('transcript and report DOCX carry only valid XML characters, and keep the readable text', async () => {
    const iv = detail('iv_h', {
      transcript: [{ index: 0, role: 'User', text: HOSTILE, start_ms: 0, end_ms: null }],
      participant: { name: HOSTILE, email: HOSTILE, fields: { [HOSTILE]: HOSTILE } },
      screener: { approved: true, items: [{ id: 'q', text: HOSTILE, answer: HOSTILE }] },
      completed_at: HOSTILE,
    });
    const transcript = await renderDocx({ project: { id: 'p', title: HOSTILE }, interview: iv }, { includeParticipant: true, speakerLabels: 'name' });
    const report = await renderReportDocx({
      project: { id: 'p', title: HOSTILE },
      report: {
        ...REPORT,
        summary: HOSTILE,
        generated_at: HOSTILE,
        themes: [{ title: HOSTILE, frequency: 0.5, summary: HOSTILE, quotes: [HOSTILE] }] as Report['themes'],
      },
      locations: [[{ interview: HOSTILE, start_ms: 5000 }]],
    });
    for (const buf of [transcript, report]) {
      const files = unzipSync(new Uint8Array(buf));
      for (const [name, bytes] of Object.entries(files)) {
        if (name.endsWith('.xml') || name.endsWith('.rels')) expect(invalidXmlChars(strFromU8(bytes)), name).toEqual([]);
      }
      expect(docxParagraphs(new Uint8Array(buf)).join('\n')).toContain(']]> <x> & "q"');
      expect(docxParagraphs(new Uint8Array(buf)).join('\n')).toContain('😀');
    }
  });
});
