// A code's segments exported: the CSV read back with csv-parse (columns, quoting, multi-line and formula-like
// text), the DOCX unzipped and its paragraphs read (title, definition, a heading per interview, each quote with
// time, question and coder); participant names only when included.
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  CODE_SEGMENT_CSV_COLUMNS,
  minutesSeconds,
  renderCodeSegmentsCsv,
  renderCodeSegmentsDocx,
  type CodeSegmentsExportInput,
} from '../../../../src/main/exports/codes';
import type { CodeSegmentView } from '../../../../src/shared/ipc/channels/codes';
import { docxParagraphs } from '../../../support/docx';

const seg = (o: Partial<CodeSegmentView>): CodeSegmentView => ({
  id: 'h1',
  interview_id: 'iv-1',
  interview_n: 1,
  participant_name: 'Ana',
  participant: 'Ana (P01)',
  question: 'What made you cancel?',
  question_index: 1,
  coder: null,
  coder_label: 'Rosa',
  start_ms: 83_000,
  end_ms: 90_500,
  text: 'too dear',
  note: '',
  ...o,
});

const INPUT: CodeSegmentsExportInput = {
  project: { id: 'p1', title: 'Meal-kit churn' },
  code: { name: 'Price', description: 'Talk of what it costs', color: '#3b6fd4' },
  segments: [
    seg({}),
    seg({ id: 'h2', text: 'the boxes, "premium" ones\n\n=SUM(A1) was a joke', start_ms: 3_725_000, end_ms: null }),
    seg({
      id: 'h3',
      interview_id: 'iv-2',
      interview_n: 2,
      participant_name: null,
      participant: 'P02',
      question: null,
      question_index: null,
      coder: 'AI report',
      coder_label: 'AI report',
      start_ms: null,
    }),
  ],
  includeParticipant: true,
};

describe('code segments export', () => {
  it('CSV: the stable columns, one row per segment, text exactly as coded (quoted, multi-line), times in ms and mm:ss', () => {
    const rows = parseCsv(renderCodeSegmentsCsv(INPUT), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...CODE_SEGMENT_CSV_COLUMNS]);
    expect(rows).toEqual([
      {
        code: 'Price',
        interview_id: 'iv-1',
        participant: 'Ana (P01)',
        question: 'What made you cancel?',
        coder: 'Rosa',
        start_ms: '83000',
        end_ms: '90500',
        start: '01:23',
        text: 'too dear',
      },
      {
        code: 'Price',
        interview_id: 'iv-1',
        participant: 'Ana (P01)',
        question: 'What made you cancel?',
        coder: 'Rosa',
        start_ms: '3725000',
        end_ms: '',
        start: '1:02:05',
        text: 'the boxes, "premium" ones\n\n=SUM(A1) was a joke',
      },
      {
        code: 'Price',
        interview_id: 'iv-2',
        participant: 'P02',
        question: '',
        coder: 'AI report',
        start_ms: '',
        end_ms: '90500',
        start: '',
        text: 'too dear',
      },
    ]);
  });

  it('CSV: without participant data, interviews are their codes "P01"; CRLF throughout when asked; a formula-like cell is guarded', () => {
    const text = renderCodeSegmentsCsv({ ...INPUT, includeParticipant: false, segments: [seg({ text: '=HYPERLINK("x")' })] }, { lineEnding: 'crlf' });
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const rows = parseCsv(text, { columns: true }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({ participant: 'P01', text: `'=HYPERLINK("x")` });
    expect(text).not.toContain('Ana');
  });

  it('DOCX: title, definition and counts, then per interview its quotes with time, question and coder', async () => {
    const paragraphs = docxParagraphs(await renderCodeSegmentsDocx(INPUT));
    expect(paragraphs[0]).toBe('Meal-kit churn: Price');
    expect(paragraphs).toEqual(expect.arrayContaining(['Definition: Talk of what it costs', 'Segments: 3', 'Interviews: 2', 'Ana (P01)', 'P02']));
    expect(paragraphs).toContain('“too dear”\n00:01:23 · Q: What made you cancel? · coded by Rosa');
    expect(paragraphs).toContain('“the boxes, "premium" ones\n\n=SUM(A1) was a joke”\n01:02:05 · Q: What made you cancel? · coded by Rosa');
    expect(paragraphs).toContain('“too dear”\ntime unknown · question unknown · coded by AI report');
    // In order: Ana's two quotes under her heading, then P02's.
    expect(paragraphs.indexOf('Ana (P01)')).toBeLessThan(paragraphs.indexOf('P02'));
    const none = docxParagraphs(await renderCodeSegmentsDocx({ ...INPUT, includeParticipant: false, segments: [] }));
    expect(none).toContain('No segments.');
  });

  it('mm:ss, h:mm:ss from an hour, empty when unknown', () => {
    expect([minutesSeconds(0), minutesSeconds(83_999), minutesSeconds(3_600_000), minutesSeconds(null)]).toEqual(['00:00', '01:23', '1:00:00', '']);
  });
});
