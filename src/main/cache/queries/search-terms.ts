/** What a search is made of: the words of a text, and the safe FTS5 query a researcher's input becomes. */

export function tokens(s: string): string[] {
  return s
    .split(/[^\p{L}\p{N}]+/u)
    .map((w) => w.trim())
    .filter(Boolean);
}

/**
 * Turns what a researcher types into a safe FTS5 query: words become quoted terms (so `-`, `:` or `OR`
 * in the text are never operators), "quoted phrases" stay phrases, and the last word matches as a
 * prefix so results appear while typing. Returns null when nothing searchable remains.
 */
export function toFtsQuery(input: string, expandPrefix?: (prefix: string) => string[]): string | null {
  const parts: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  let m: RegExpExecArray | null;
  let lastWasWord = false;
  while ((m = re.exec(input)) !== null) {
    if (m[1] !== undefined) {
      const words = tokens(m[1]);
      if (words.length) parts.push(`"${words.join(' ')}"`);
      lastWasWord = false;
    } else {
      const words = tokens(m[2]!);
      for (const w of words) parts.push(`"${w}"`);
      lastWasWord = words.length > 0;
    }
  }
  if (parts.length === 0) return null;
  const trailingSpace = /\s$/.test(input);
  if (lastWasWord && !trailingSpace) {
    const last = parts[parts.length - 1]!;
    const words = expandPrefix?.(last.slice(1, -1).toLowerCase());
    // Expanded: the word itself or any of its most frequent completions, read lazily. Not expanded: FTS5's own prefix match.
    parts[parts.length - 1] = words && words.length > 0 ? `(${[...new Set([last, ...words.map((w) => `"${w}"`)])].join(' OR ')})` : `${last}*`;
  }
  // Explicit AND: FTS5 accepts no implicit AND before a parenthesised group.
  return parts.join(' AND ');
}
