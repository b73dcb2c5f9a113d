import { AI_REPORT_CODER } from '../../../shared/analysis/codebook';
import type { CodesFromReportView, CodeView } from '../../../shared/ipc/channels/codes';
import type { ReportTheme } from '../../../shared/schemas/report';
import type { Cache } from '../../cache/cache';
import type { NewCoding } from '../../cache/queries/coding';
import type { CachedReport } from '../../cache/queries/reports';
import { AppError } from '../../errors';

/**
 * The AI report's themes as codes (issue 13 §1): each theme becomes a code named by its title with its
 * summary as the definition, and each of its quotes that a saved transcript holds becomes a coding by the
 * coder "AI report" on exactly the quote's words. The researcher can then code by hand and compare the two
 * (agreement), which is the point: checking the AI's themes against their own reading.
 *
 * Idempotent: the AI report's codings of these codes are replaced as a whole, so a second run (or a run
 * after the report was regenerated) leaves one coding per quote found, never two.
 */

/** Letters and digits kept (lower case, accents folded); any run of anything else becomes one space. */
function normalised(text: string): { chars: string; at: number[] } {
  let chars = '';
  const at: number[] = [];
  let gap = false;
  for (let i = 0; i < text.length; i++) {
    const folded = text[i]!.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (/^[\p{L}\p{N}]+$/u.test(folded)) {
      if (gap && chars.length > 0) {
        chars += ' ';
        at.push(i);
      }
      gap = false;
      for (const c of folded) {
        chars += c;
        at.push(i);
      }
    } else gap = true;
  }
  return { chars, at };
}

/**
 * Where `quote` is in a turn's `text`, as [start, end) character offsets, or null. Word for word first; else
 * ignoring case, accents, punctuation and spacing (a report may straighten quotes marks or drop a comma),
 * in which case the range runs from the quote's first word to the end of its last.
 */
export function quoteRange(text: string, quote: string): { start: number; end: number } | null {
  const q = quote.trim();
  if (!q) return null;
  const exact = text.indexOf(q);
  if (exact >= 0) return { start: exact, end: exact + q.length };
  const t = normalised(text);
  const n = normalised(q).chars;
  if (!n) return null;
  const found = t.chars.indexOf(n);
  if (found < 0) return null;
  return { start: t.at[found]!, end: t.at[found + n.length - 1]! + 1 };
}

type Deps = { cache: Pick<Cache, 'call'>; now: () => string };

export async function codesFromReport(d: Deps, projectId: string): Promise<CodesFromReportView> {
  const report = await completedReport(d, projectId);
  const now = d.now();
  const skipped: CodesFromReportView['skipped'] = [];
  const themes = report.themes.filter((t) => {
    if (t.title.trim()) return true;
    skipped.push({ theme: '', reason: 'The theme has no title to name a code by.' });
    return false;
  });
  const codes = await codesOfThemes(d, projectId, themes, skipped, now);
  const { codings, notFound, quotes } = await codeQuotes(d, projectId, themes, codes);
  const written = await d.cache.call('coding.replaceCoder', { projectId, coder: AI_REPORT_CODER, codeIds: [...codes.usable], codings, now });
  const listed = new Set<string>();
  return {
    report_id: report.report_id,
    themes: themes.length,
    codes: themes.flatMap((t) => {
      const c = codes.codeOf(t.title);
      if (!c || !codes.usable.has(c.id) || listed.has(c.id)) return [];
      listed.add(c.id);
      return [{ id: c.id, name: c.name, created: !codes.before.has(c.id) }];
    }),
    quotes,
    coded: written.added,
    replaced: written.removed,
    not_found: notFound,
    skipped,
  };
}

/** The study's cached report, when it is finished; else an error saying what to do first. */
async function completedReport(d: Deps, projectId: string): Promise<CachedReport> {
  const report = await d.cache.call('reports.get', { projectId });
  if (!report || report.status !== 'COMPLETED') {
    throw new AppError(
      'no_report',
      report?.status === 'PROCESSING'
        ? 'The report is still being generated: turn its themes into codes once it is ready.'
        : 'This study has no finished report in the offline cache: generate the report (or sync) first, then turn its themes into codes.',
    );
  }
  return report;
}

/** The themes' codes: which existed before, each title's code, and those codings may be applied to (not categories). */
type ThemeCodes = { before: Set<string>; codeOf: (title: string) => CodeView | undefined; usable: Set<string> };

/** One code per distinct title (any case): an existing code of that name is reused, so nothing is duplicated. */
async function codesOfThemes(d: Deps, projectId: string, themes: ReportTheme[], skipped: CodesFromReportView['skipped'], now: string): Promise<ThemeCodes> {
  const before = new Set((await d.cache.call('codes.list', { projectId })).map((c) => c.id));
  const ensured = await d.cache.call('codes.ensure', { projectId, names: themes.map((t) => t.title), now });
  const byName = new Map(ensured.map((c) => [c.name.toLowerCase(), c]));
  const codeOf = (title: string) => byName.get(title.trim().toLowerCase());
  const usable = new Set<string>();
  const described = new Set<string>();
  for (const t of themes) {
    const c = codeOf(t.title);
    if (!c) continue;
    if (c.is_category) {
      skipped.push({ theme: t.title, reason: `"${c.name}" is a category in the codebook, and categories are not applied: rename one of the two.` });
      continue;
    }
    usable.add(c.id);
    // The theme's summary defines the code, unless the researcher already wrote a definition (theirs stays).
    if (!c.description.trim() && t.summary.trim() && !described.has(c.id)) {
      described.add(c.id);
      await d.cache.call('codes.update', { id: c.id, description: t.summary.trim(), now });
    }
  }
  return { before, codeOf, usable };
}

/** Each quote placed on the words it was said in; a quote located twice under one code is coded once. */
async function codeQuotes(
  d: Deps,
  projectId: string,
  themes: ReportTheme[],
  { codeOf, usable }: ThemeCodes,
): Promise<{ codings: NewCoding[]; notFound: CodesFromReportView['not_found']; quotes: number }> {
  const codings: NewCoding[] = [];
  const seen = new Set<string>();
  const notFound: CodesFromReportView['not_found'] = [];
  const texts = new Map<string, Map<number, string>>();
  let quotes = 0;
  for (const t of themes) {
    const code = codeOf(t.title);
    if (!code || !usable.has(code.id)) continue;
    for (const quote of t.quotes) {
      if (!quote.trim()) continue;
      quotes++;
      const at = await d.cache.call('search.locateQuote', { projectId, quote: quote.slice(0, 2000) });
      const text = at ? await turnText(d, projectId, texts, at.interview_id, at.turn_index) : null;
      const range = text === null ? null : quoteRange(text, quote);
      if (!at || text === null || !range) {
        notFound.push({ theme: t.title, quote });
        continue;
      }
      const key = `${code.id}|${at.interview_id}|${at.turn_index}|${range.start}|${range.end}`;
      if (seen.has(key)) continue;
      seen.add(key);
      codings.push({
        interview_id: at.interview_id,
        code_id: code.id,
        start_turn: at.turn_index,
        start_offset: range.start,
        end_turn: at.turn_index,
        end_offset: range.end,
        start_ms: at.start_ms,
        quote: text.slice(range.start, range.end),
      });
    }
  }
  return { codings, notFound, quotes };
}

/** A turn's text, reading each interview's transcript once. */
async function turnText(d: Deps, projectId: string, texts: Map<string, Map<number, string>>, interviewId: string, index: number): Promise<string | null> {
  let turns = texts.get(interviewId);
  if (!turns) {
    const [t] = await d.cache.call('coding.transcripts', { projectId, interviewIds: [interviewId] });
    turns = new Map((t?.turns ?? []).map((x) => [x.index, x.text]));
    texts.set(interviewId, turns);
  }
  return turns.get(index) ?? null;
}
