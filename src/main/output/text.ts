/**
 * Text as every output writes it: one kind of line break, blank lines dropped where they would end a
 * paragraph or a cue, names on one line.
 */

/** Every line break (CRLF, CR, LF, U+2028/9) becomes LF, so output line endings can be applied once. */
export function unifyNewlines(text: string): string {
  return text.replace(/\r\n|\r|\u2028|\u2029/g, '\n');
}

/** Turn text with blank lines removed and trailing spaces trimmed: blank lines end paragraphs and cues. */
export function compactText(text: string): string {
  return unifyNewlines(text)
    .split('\n')
    .map((line) => line.replace(/\s+$/u, ''))
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** A one-line form of a name: line breaks and runs of whitespace become one space. */
export function oneLine(text: string): string {
  return unifyNewlines(text).replace(/\s+/gu, ' ').trim();
}
