/**
 * Transcript exports: one pure renderer per format, from an interview in the cache's shape to a string.
 * Writing files and naming them is the caller's job.
 */
import type { TranscriptExportInput, TranscriptExportOptions } from './common';
import { renderCsv } from './csv';
import { renderDocx } from './docx-template';
import { renderJson } from './json';
import { renderMarkdown } from './markdown';
import { renderSrt } from './srt';
import { renderTxt } from './txt';
import { renderVtt } from './vtt';

export * from './common';
export { renderCsv, csvCell, csvDocument, CSV_COLUMNS } from './csv';
export { renderJson, transcriptRecord } from './json';
export { renderMarkdown, escapeMarkdown } from './markdown';
export { renderSrt, srtCueText } from './srt';
export { renderTxt } from './txt';
export { renderVtt, escapeVtt } from './vtt';

export type TranscriptTextFormat = 'txt' | 'md' | 'srt' | 'vtt' | 'csv' | 'json';

export const TRANSCRIPT_TEXT_FORMATS: Record<
  TranscriptTextFormat,
  { extension: string; mime: string; render: (input: TranscriptExportInput, options?: Partial<TranscriptExportOptions>) => string }
> = {
  txt: { extension: 'txt', mime: 'text/plain; charset=utf-8', render: renderTxt },
  md: { extension: 'md', mime: 'text/markdown; charset=utf-8', render: renderMarkdown },
  srt: { extension: 'srt', mime: 'application/x-subrip; charset=utf-8', render: renderSrt },
  vtt: { extension: 'vtt', mime: 'text/vtt; charset=utf-8', render: renderVtt },
  csv: { extension: 'csv', mime: 'text/csv; charset=utf-8', render: renderCsv },
  json: { extension: 'json', mime: 'application/json', render: renderJson },
};

export { renderDocxWithLibrary, transcriptBlocks } from './docx';
export { packDocx, run, textRuns, fieldParagraph, xmlSafe, blockParagraph, type DocxBlock } from '../../output/docx';
export { renderDocx, docxTemplate, DocxTemplate, xmlText } from './docx-template';

/** Binary formats render asynchronously to bytes (a zip), so they sit apart from the text formats. */
export type TranscriptBinaryFormat = 'docx';

export const TRANSCRIPT_BINARY_FORMATS: Record<
  TranscriptBinaryFormat,
  { extension: string; mime: string; render: (input: TranscriptExportInput, options?: Partial<TranscriptExportOptions>) => Promise<Buffer> }
> = {
  docx: { extension: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', render: renderDocx },
};
