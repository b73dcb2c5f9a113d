/**
 * Report as DOCX: title, interviews analysed and generated at, the summary, then each theme by frequency with
 * its percentage, summary and quotes (indented, italic); a located quote cites interview and timestamp.
 */
import { HeadingLevel, Paragraph } from 'docx';
import { compactText, oneLine } from '../transcript/common';
import { fieldParagraph, packDocx, run, textRuns } from '../../output/docx';
import { citation, locationOf, metaRows, percent, reportTitle, themesByFrequency, type ReportExportInput } from './common';

export async function renderReportDocx(input: ReportExportInput): Promise<Buffer> {
  const r = input.report;
  const title = reportTitle(input);
  const children: Paragraph[] = [new Paragraph({ heading: HeadingLevel.TITLE, children: textRuns(title) })];
  for (const [k, v] of metaRows(input)) children.push(fieldParagraph(k, v));
  children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: textRuns('Summary') }));
  children.push(new Paragraph({ children: r.summary && r.summary.trim() ? textRuns(compactText(r.summary)) : textRuns('No summary.', { italics: true }) }));
  children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: textRuns('Themes') }));
  const themes = themesByFrequency(r);
  if (themes.length === 0) children.push(new Paragraph({ children: textRuns('No themes.', { italics: true }) }));
  for (const { theme, index } of themes) {
    children.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_2,
        children: [...textRuns(oneLine(theme.title) || 'Untitled theme'), run(` (${percent(theme.frequency)})`)],
      }),
    );
    if (theme.summary.trim()) children.push(new Paragraph({ children: textRuns(compactText(theme.summary)) }));
    theme.quotes.forEach((quote, q) => {
      const loc = locationOf(input, index, q);
      const runs = textRuns(`“${compactText(quote)}”`, { italics: true });
      if (loc) runs.push(run(`— ${citation(loc)}`, { break: 1, color: '666666', size: 18 }));
      children.push(new Paragraph({ indent: { left: 567 }, spacing: { before: 120, after: 120 }, children: runs }));
    });
  }
  return packDocx(title, [{ children }]);
}
