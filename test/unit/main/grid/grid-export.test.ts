// The grid's CSV read back with csv-parse, its DOCX unzipped and its paragraphs read, its JSON checked key by key.
import { parse as parseCsv } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildQuestionGrid, type GridSource } from '../../../../src/shared/analysis/question-grid';
import { gridCsv, gridDocx, gridJson } from '../../../../src/main/analysis/grid/grid-export';

const Q = ['Why did you cancel?', 'What did you think of the price?'];
const turns = (answers: string[][]) =>
  answers.flatMap((a, q) => [
    { role: 'AI', text: Q[q]! },
    ...a.flatMap((t, k) =>
      k === 0
        ? [{ role: 'User', text: t }]
        : [
            { role: 'AI', text: 'Tell me more.' },
            { role: 'User', text: t },
          ],
    ),
  ]);

const source: GridSource = {
  guide: Q,
  codes: [{ id: 'c1', name: 'Price', color: '#3b6fd4' }],
  interviews: [
    {
      id: 'iv-1',
      code: 'P01',
      status: 'COMPLETE',
      participant_name: 'Ada "A" Lovelace',
      fields: { plan: 'Family' },
      screener: [],
      turns: turns([['Too dear, honestly.', 'Forty pounds, every week,\nfor two.'], ['=SUM(A1) was my bill']]).map((t, idx) => ({
        ...t,
        idx,
        start_ms: idx * 61_000,
      })),
      codings: [{ start_turn: 1, end_turn: 1, codes: ['c1'] }],
    },
    {
      id: 'iv-2',
      code: 'P02',
      status: 'INCOMPLETE',
      participant_name: null,
      fields: {},
      screener: [],
      turns: turns([['Moved house.']]).map((t, idx) => ({ ...t, idx, start_ms: null })),
      codings: [],
    },
  ],
};

describe('grid exports', () => {
  it('CSV: fixed columns, the group when grouped, one column per question holding the whole answer with turns joined by a blank line', () => {
    const grid = buildQuestionGrid(source, { by: 'plan' });
    const rows = parseCsv(gridCsv(grid), {}) as string[][];
    expect(rows[0]).toEqual(['interview_id', 'participant', 'status', 'group', 'Q1. Why did you cancel?', 'Q2. What did you think of the price?']);
    expect(rows[1]).toEqual([
      'iv-1',
      'Ada "A" Lovelace (P01)',
      'COMPLETE',
      'Family',
      'Too dear, honestly.\n\nForty pounds, every week,\nfor two.',
      // Spreadsheet formulas in answers are defused.
      "'=SUM(A1) was my bill",
    ]);
    expect(rows[2]).toEqual(['iv-2', 'P02', 'INCOMPLETE', '(no answer)', 'Moved house.', '']);
    const plain = parseCsv(gridCsv(buildQuestionGrid(source), { lineEnding: 'crlf', bom: true }), { bom: true }) as string[][];
    expect(plain[0]).toEqual(['interview_id', 'participant', 'status', 'Q1. Why did you cancel?', 'Q2. What did you think of the price?']);
    expect(plain[1]![3]).toBe('Too dear, honestly.\r\n\r\nForty pounds, every week,\r\nfor two.');
  });

  it('JSON: exactly the documented fields', () => {
    const doc = gridJson(buildQuestionGrid({ ...source, guide: null }));
    expect(Object.keys(doc)).toEqual(['questions', 'rows']);
    // Inferred: the second question was asked in one interview of two, so it does not recur and is no question.
    expect(doc.questions).toEqual([{ index: 0, text: Q[0], inferred: true }]);
    expect(doc.rows[0]!.cells).toEqual([
      { question_index: 0, text: 'Too dear, honestly.\n\nForty pounds, every week,\nfor two.\n\n=SUM(A1) was my bill', start_ms: 61_000 },
    ]);
    expect(doc.rows[1]).toEqual({
      interview_id: 'iv-2',
      participant: 'P02',
      group: null,
      cells: [{ question_index: 0, text: 'Moved house.', start_ms: null }],
    });
  });

  it('DOCX: a section per question with each answer under its participant, group, time and codes', async () => {
    const grid = buildQuestionGrid(source, { by: 'plan' });
    const bytes = await gridDocx(grid, { id: 'p1', title: 'Churn & co' }, 'plan');
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'word/document.xml', '_rels/.rels']));
    const xml = strFromU8(files['word/document.xml']!);
    const paragraphs = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((m) =>
      [...m[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
        .map((t) => t[1])
        .join('')
        .replace(/&amp;/g, '&')
        .replace(/&quot;/g, '"'),
    );
    const at = (text: string) => paragraphs.indexOf(text);
    expect(paragraphs[0]).toBe('Churn & co: question grid');
    expect(paragraphs).toContain('Guide: as saved in Fieldwork');
    expect(paragraphs).toContain('Grouped by: plan');
    expect(at('Q1. Why did you cancel?')).toBeLessThan(at('Ada "A" Lovelace (P01) (Family) at 01:01  Codes: Price'));
    expect(at('Ada "A" Lovelace (P01) (Family) at 01:01  Codes: Price')).toBeLessThan(at('Too dear, honestly.'));
    expect(paragraphs).toContain('P02 ((no answer))');
    expect(at('Q2. What did you think of the price?')).toBeGreaterThan(at('Moved house.'));
    expect(paragraphs).toContain('=SUM(A1) was my bill');
  });
});
