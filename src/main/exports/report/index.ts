/**
 * Report exports from the cached report: Markdown and self-contained HTML as strings, DOCX as bytes. The PDF
 * is the HTML printed by the host (Electron's printToPDF), so it has no renderer here.
 */
import { renderReportDocx } from './docx';
import { renderReportHtml } from './html';
import { renderReportMarkdown } from './markdown';

export * from './common';
export { renderReportDocx } from './docx';
export { renderReportHtml } from './html';
export { escapeHtml } from '../../output/html';
export { renderReportMarkdown, type ReportTextOptions } from './markdown';

export const REPORT_FORMATS = {
  md: { extension: 'md', mime: 'text/markdown; charset=utf-8', render: renderReportMarkdown },
  html: { extension: 'html', mime: 'text/html; charset=utf-8', render: renderReportHtml },
  docx: { extension: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', render: renderReportDocx },
} as const;
