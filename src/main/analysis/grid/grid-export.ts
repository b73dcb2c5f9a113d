/**
 * The question grid as files: CSV (one row per interview: interview_id, participant, status, the group when
 * grouped, then one column per question in guide order holding the participant's full answer, turns joined
 * with a blank line), DOCX (one section per question, each answer under its participant, so it stays
 * readable with a thousand interviews where a 12-column table would not), and the CLI's JSON.
 */
import { HeadingLevel, Paragraph } from 'docx';
import type { QuestionGrid } from '../../../shared/analysis/question-grid';
import { csvDocument } from '../../output/csv';
import { compactText, oneLine } from '../../output/text';
import { fieldParagraph, packDocx, run, textRuns } from '../../output/docx';

export const GRID_CSV_FIXED_COLUMNS = ['interview_id', 'participant', 'status'] as const;

/** A column heading for a question: its number and text on one line. */
export const questionHeading = (q: { index: number; text: string }) => `Q${q.index + 1}. ${oneLine(q.text)}`;

export function gridCsv(grid: QuestionGrid, o: { lineEnding?: 'lf' | 'crlf'; bom?: boolean } = {}): string {
  const grouped = grid.by !== null;
  const header = [...GRID_CSV_FIXED_COLUMNS, ...(grouped ? ['group'] : []), ...grid.questions.map(questionHeading)];
  const rows = grid.rows.map((r) => {
    const cells = grid.questions.map(() => '');
    for (const c of r.cells) cells[c.question_index] = c.text;
    return [r.interview_id, r.participant, r.status, ...(grouped ? [r.group ?? ''] : []), ...cells];
  });
  return csvDocument([header, ...rows], { guardFormulas: true, bom: o.bom ?? false, lineEnding: o.lineEnding ?? 'lf' });
}

/** The documented `fieldwork grid --format json` document, and nothing more. */
export function gridJson(grid: QuestionGrid) {
  return {
    questions: grid.questions.map((q) => ({ index: q.index, text: q.text, inferred: q.inferred })),
    rows: grid.rows.map((r) => ({
      interview_id: r.interview_id,
      participant: r.participant,
      group: r.group,
      cells: r.cells.map((c) => ({ question_index: c.question_index, text: c.text, start_ms: c.start_ms })),
    })),
  };
}

const clock = (ms: number | null) => {
  if (ms === null) return null;
  const s = Math.floor(ms / 1000);
  const hh = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`;
};

export async function gridDocx(grid: QuestionGrid, project: { id: string; title: string }, groupLabel: string | null): Promise<Buffer> {
  const title = `${oneLine(project.title) || project.id}: question grid`;
  const children: Paragraph[] = [new Paragraph({ heading: HeadingLevel.TITLE, children: textRuns(title) })];
  children.push(fieldParagraph('Interviews', String(grid.rows.length)));
  children.push(
    fieldParagraph(
      'Guide',
      grid.guide === 'known' ? 'as saved in Fieldwork' : 'inferred from the transcripts (questions the interviewer asked in most interviews, in order)',
    ),
  );
  if (groupLabel) children.push(fieldParagraph('Grouped by', groupLabel));
  if (grid.unmatched.turns > 0) {
    children.push(
      fieldParagraph(
        'Unmatched',
        `${grid.unmatched.turns} participant turns in ${grid.unmatched.interviews} interviews came before any question and are not in the grid`,
      ),
    );
  }
  const codeName = new Map(grid.codes.map((c) => [c.id, c.name]));
  grid.questions.forEach((q) => {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: textRuns(questionHeading(q)) }));
    let any = false;
    for (const r of grid.rows) {
      const cell = r.cells.find((c) => c.question_index === q.index);
      if (!cell) continue;
      any = true;
      const at = clock(cell.start_ms);
      const who = [r.participant, r.group !== null ? `(${r.group})` : null, at ? `at ${at}` : null].filter(Boolean).join(' ');
      const codes = cell.codes.map((id) => codeName.get(id)).filter(Boolean);
      children.push(
        new Paragraph({
          heading: HeadingLevel.HEADING_2,
          children: [...textRuns(oneLine(who)), ...(codes.length ? [run(`  Codes: ${codes.join(', ')}`, { color: '666666', size: 18 })] : [])],
        }),
      );
      for (const part of cell.text.split('\n\n')) children.push(new Paragraph({ children: textRuns(compactText(part)) }));
    }
    if (!any) children.push(new Paragraph({ children: textRuns('No answers.', { italics: true }) }));
  });
  return packDocx(title, [{ children }]);
}
