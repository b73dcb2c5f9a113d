/**
 * What changed between two versions of a study's report: themes added and removed, themes reworded (the
 * same theme under another title), frequency changes in percentage points, and the quotes each theme kept
 * across both versions gained and lost.
 *
 * Themes are matched in two passes. First by title, exactly (spacing and case aside). Then the themes left
 * on either side are paired by how many words their title and summary share (Jaccard overlap of their word
 * sets, common words left out): the closest pair first, as long as the overlap reaches
 * REWORDED_THRESHOLD. A theme left unpaired was removed (old side) or added (new side).
 *
 * Quotes compare as exact strings once their spacing is normalised (trimmed, runs of white space made one
 * space). Pure and dependency-free: the app, the CLI and the exports read the same diff.
 */

export type DiffableTheme = { title: string; frequency: number; summary: string; quotes: readonly string[] };
export type DiffableReport = { themes: readonly DiffableTheme[] };

/** A theme as the diff names it: its title and frequency in percent (0 to 100, one decimal). */
export type ThemeRef = { title: string; frequency_pct: number };
export type ThemeReworded = { from_title: string; to_title: string; similarity: number };
export type FrequencyChange = { title: string; from_pct: number; to_pct: number; change_points: number };
export type QuoteChanges = { title: string; gained: string[]; lost: string[] };

export type ReportDiff = {
  added: ThemeRef[];
  removed: ThemeRef[];
  reworded: ThemeReworded[];
  /** Themes in both versions whose frequency moved (by at least a tenth of a point), named by their new title. */
  frequency_changes: FrequencyChange[];
  /** Themes in both versions that gained or lost quotes, named by their new title. */
  quotes: QuoteChanges[];
};

/** Word overlap (0 to 1) from which two differently titled themes are one theme reworded. */
export const REWORDED_THRESHOLD = 0.35;

const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have in into is it its of on or so that the their them they this to was were with not no than then there these those'.split(
    ' ',
  ),
);

export const normaliseSpace = (s: string): string => s.trim().replace(/\s+/g, ' ');
const titleKey = (s: string) => normaliseSpace(s).toLowerCase();
const pct = (share: number) => Math.round(share * 1000) / 10;

function words(s: string): Set<string> {
  const out = new Set<string>();
  for (const w of s.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w.length > 1 && !STOP_WORDS.has(w)) out.add(w);
  return out;
}

/** Jaccard overlap of the two themes' title and summary words. */
export function themeSimilarity(a: Pick<DiffableTheme, 'title' | 'summary'>, b: Pick<DiffableTheme, 'title' | 'summary'>): number {
  const x = words(`${a.title} ${a.summary}`);
  const y = words(`${b.title} ${b.summary}`);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared += 1;
  return shared / (x.size + y.size - shared);
}

export function diffReports(from: DiffableReport, to: DiffableReport): ReportDiff {
  const oldThemes = from.themes;
  const newThemes = to.themes;
  /** new index → old index */
  const matchOf = new Map<number, number>();
  const similarityOf = new Map<number, number>();
  const usedOld = new Set<number>();

  // 1. Exact titles, each old theme used once (the first of any duplicates first).
  newThemes.forEach((t, j) => {
    const i = oldThemes.findIndex((o, k) => !usedOld.has(k) && titleKey(o.title) === titleKey(t.title));
    if (i >= 0) {
      matchOf.set(j, i);
      usedOld.add(i);
    }
  });

  // 2. Similar title and summary among the rest, the closest pair first (ties in report order).
  const pairs: { i: number; j: number; s: number }[] = [];
  newThemes.forEach((t, j) => {
    if (matchOf.has(j)) return;
    oldThemes.forEach((o, i) => {
      if (usedOld.has(i)) return;
      const s = themeSimilarity(o, t);
      if (s >= REWORDED_THRESHOLD) pairs.push({ i, j, s });
    });
  });
  pairs.sort((a, b) => b.s - a.s || a.j - b.j || a.i - b.i);
  for (const p of pairs) {
    if (matchOf.has(p.j) || usedOld.has(p.i)) continue;
    matchOf.set(p.j, p.i);
    similarityOf.set(p.j, Math.round(p.s * 100) / 100);
    usedOld.add(p.i);
  }

  const diff: ReportDiff = { added: [], removed: [], reworded: [], frequency_changes: [], quotes: [] };
  newThemes.forEach((t, j) => {
    const i = matchOf.get(j);
    if (i === undefined) return void diff.added.push({ title: t.title, frequency_pct: pct(t.frequency) });
    const o = oldThemes[i]!;
    const similarity = similarityOf.get(j);
    if (similarity !== undefined) diff.reworded.push({ from_title: o.title, to_title: t.title, similarity });
    const [a, b] = [pct(o.frequency), pct(t.frequency)];
    if (a !== b) diff.frequency_changes.push({ title: t.title, from_pct: a, to_pct: b, change_points: Math.round((b - a) * 10) / 10 });
    const before = new Set(o.quotes.map(normaliseSpace).filter(Boolean));
    const after = new Set(t.quotes.map(normaliseSpace).filter(Boolean));
    const gained = [...after].filter((q) => !before.has(q));
    const lost = [...before].filter((q) => !after.has(q));
    if (gained.length > 0 || lost.length > 0) diff.quotes.push({ title: t.title, gained, lost });
  });
  oldThemes.forEach((o, i) => {
    if (!usedOld.has(i)) diff.removed.push({ title: o.title, frequency_pct: pct(o.frequency) });
  });
  return diff;
}
