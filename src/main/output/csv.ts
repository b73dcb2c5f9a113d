/**
 * CSV as every Fieldwork CSV writes it (transcripts, the project CSVs, a code's segments, the question grid):
 * RFC 4180 quoting, formula guarding, one line ending throughout, a BOM when asked.
 */
import { unifyNewlines } from './text';

export type CsvOptions = { guardFormulas: boolean; bom: boolean; lineEnding: 'lf' | 'crlf' };

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 field. Shared with the project CSVs (screener answers, participants) so every CSV Fieldwork
 * writes quotes and guards the same way.
 */
export function csvCell(value: string, options: Pick<CsvOptions, 'guardFormulas'>, eol: string): string {
  // Spreadsheets run cells starting with = + - @ as formulas; server text is untrusted (OWASP CSV injection).
  const guarded = options.guardFormulas && FORMULA_START.test(value) ? `'${value}` : value;
  const text = unifyNewlines(guarded).replace(/\n/g, eol);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of fields to a CSV document: every record ends with the chosen line ending, BOM when asked. */
export function csvDocument(rows: string[][], options: CsvOptions): string {
  const eol = options.lineEnding === 'crlf' ? '\r\n' : '\n';
  const body = rows.map((r) => r.map((v) => csvCell(v, options, eol)).join(',') + eol).join('');
  return options.bom ? `\uFEFF${body}` : body;
}
