/**
 * Report as Markdown: title, interviews analysed and generated at, the summary, then each theme by frequency
 * with its percentage, summary and quotes as block quotes; a located quote cites interview and timestamp.
 */
import { compactText, type LineEnding } from '../transcript/common';
import { escapeMarkdown } from '../transcript/markdown';
import { citation, locationOf, metaRows, percent, reportTitle, themesByFrequency, type ReportExportInput } from './common';

export type ReportTextOptions = { lineEnding: LineEnding };

function paragraph(text: string): string {
  return escapeMarkdown(compactText(text)).replace(/\n/g, '\\\n');
}

export function renderReportMarkdown(input: ReportExportInput, options: Partial<ReportTextOptions> = {}): string {
  const r = input.report;
  const lines: string[] = [`# ${escapeMarkdown(reportTitle(input))}`, ''];
  for (const [k, v] of metaRows(input)) lines.push(`- **${k}:** ${escapeMarkdown(v)}`);
  lines.push('', '## Summary', '', r.summary && r.summary.trim() ? paragraph(r.summary) : '_No summary._', '');
  lines.push('## Themes', '');
  const themes = themesByFrequency(r);
  if (themes.length === 0) lines.push('_No themes._', '');
  for (const { theme, index } of themes) {
    lines.push(`### ${escapeMarkdown(compactText(theme.title).replace(/\n/g, ' ') || 'Untitled theme')} (${percent(theme.frequency)})`, '');
    if (theme.summary.trim()) lines.push(paragraph(theme.summary), '');
    theme.quotes.forEach((quote, q) => {
      lines.push(`> ${paragraph(quote).replace(/\n/g, '\n> ')}`);
      const loc = locationOf(input, index, q);
      if (loc) lines.push('>', `> — ${escapeMarkdown(citation(loc))}`);
      lines.push('');
    });
  }
  const text = lines.join('\n');
  return options.lineEnding === 'crlf' ? text.replace(/\n/g, '\r\n') : text;
}
