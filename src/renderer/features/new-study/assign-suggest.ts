/**
 * Questions drafted from captions usually name the stimulus they are about ("…the “Concept A: kraft
 * box” pack…"). Those are offered, pre-ticked, for a stimulus that lost its questions; the researcher
 * confirms. A general question that names no stimulus is never guessed.
 */
export function suggestQuestions(caption: string | null, questions: string[]): string[] {
  const c = norm(caption ?? '');
  if (c.length < 3) return [];
  const full = questions.filter((q) => norm(q).includes(c));
  if (full.length > 0) return full;
  // "Concept A: kraft box" is often referred to by its label alone.
  const label = c.includes(':') ? c.slice(0, c.indexOf(':')).trim() : '';
  // A one-word label ("Concept: …") names every concept; only a specific one ("Concept A") is a clue.
  if (label.length < 3 || label.split(' ').length < 2) return [];
  const re = new RegExp(`(^|[^a-z0-9])${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^a-z0-9]|$)`);
  return questions.filter((q) => re.test(norm(q)));
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[“”"‘’']/g, '')
    .replace(/\s+/g, ' ')
    .trim();
