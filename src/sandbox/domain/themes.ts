import type { WireTurn } from '../store/interviews';
import type { ReportResult, ReportTheme } from '../store/reports';
import { conceptLabel, conceptOf } from './concepts';
import { contentStems, sentences, stem, words, STOPWORDS } from './text';

/**
 * The sandbox's report: themes found by clustering the participants' own words, so every figure can
 * be traced back to the transcripts. A theme is a group of terms that keep appearing together; its
 * frequency is the share of interviews with at least one sentence using its terms, and its quotes
 * are those sentences, verbatim.
 */
type Sentence = { interview: number; text: string; stems: Set<string>; askedBy: string | null };

const MAX_THEMES = 6;
/** One quote from each interview that surfaced a theme (a real report names every interview behind a theme), bounded for size. */
const MAX_QUOTES = 50;

export function computeReport(transcripts: WireTurn[][], generatedAt: string, guideQuestions: string[] = []): ReportResult {
  const n = transcripts.length;
  const all: Sentence[] = [];
  const surface = new Map<string, Map<string, number>>();
  const guide = new Set(guideQuestions);
  transcripts.forEach((turns, interview) => {
    let lastQuestion: string | null = null;
    for (const turn of turns) {
      if (turn.role === 'AI') {
        // Attribute answers to the guide's question, not to a follow-up such as "Could you say more?".
        if (guide.size === 0 || guide.has(turn.text) || lastQuestion === null) lastQuestion = turn.text;
        continue;
      }
      for (const text of sentences(turn.text)) {
        for (const w of words(text)) {
          if (w.length <= 2 || STOPWORDS.has(w)) continue;
          const term = conceptOf(stem(w));
          const forms = surface.get(term) ?? new Map<string, number>();
          forms.set(w, (forms.get(w) ?? 0) + 1);
          surface.set(term, forms);
        }
        all.push({ interview, text, stems: new Set(contentStems(text).map(conceptOf)), askedBy: lastQuestion });
      }
    }
  });

  const df = new Map<string, Set<number>>();
  const bySentence = new Map<string, Set<number>>();
  all.forEach((s, i) => {
    for (const t of s.stems) {
      (df.get(t) ?? df.set(t, new Set()).get(t)!).add(s.interview);
      (bySentence.get(t) ?? bySentence.set(t, new Set()).get(t)!).add(i);
    }
  });
  const minDf = n >= 4 ? Math.max(2, Math.ceil(n * 0.12)) : 1;
  // A theme is something said in more than one way or by more than one person, not one repeated line.
  const distinctTexts = (t: string) => new Set([...bySentence.get(t)!].map((i) => all[i]!.text.toLowerCase())).size;
  const candidates = [...df.entries()]
    .filter(([t, ids]) => ids.size >= minDf && (n < 4 || distinctTexts(t) >= 2))
    .sort((a, b) => b[1].size - a[1].size || bySentence.get(b[0])!.size - bySentence.get(a[0])!.size || a[0].localeCompare(b[0]))
    .map(([t]) => t);

  type Cluster = { terms: string[]; sentences: Set<number> };
  const clusters: Cluster[] = [];
  for (const term of candidates) {
    const mine = bySentence.get(term)!;
    // Recognised concepts stand as themes of their own; other words join the theme they keep company with.
    const home = conceptLabel(term) ? undefined : clusters.find((c) => overlap(mine, c.sentences) >= 0.5);
    if (home) {
      if (home.terms.length < 4) home.terms.push(term);
      for (const i of mine) home.sentences.add(i);
    } else if (clusters.length < MAX_THEMES * 2) {
      clusters.push({ terms: [term], sentences: new Set(mine) });
    }
  }

  const themes: (ReportTheme & { reach: number })[] = clusters
    .map((c) => {
      const members = [...c.sentences].map((i) => all[i]!);
      const reach = new Set(members.map((s) => s.interview)).size;
      return {
        title: titleFor(c.terms, surface),
        frequency: n === 0 ? 0 : round2(reach / n),
        summary: summaryFor(c.terms, surface, reach, n, members),
        quotes: quotesFor(members),
        reach,
      };
    })
    .filter((t) => t.quotes.length > 0)
    .sort((a, b) => b.frequency - a.frequency || a.title.localeCompare(b.title))
    .slice(0, MAX_THEMES);

  return {
    summary: overallSummary(themes, n, transcripts),
    themes: themes.map(({ reach: _reach, ...t }) => t),
    interviews_analysed: n,
    generated_at: generatedAt,
  };
}

/** Share of `a` that falls inside `b`. */
function overlap(a: Set<number>, b: Set<number>): number {
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return a.size === 0 ? 0 : shared / a.size;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function formOf(term: string, surface: Map<string, Map<string, number>>): string {
  const forms = surface.get(term);
  if (!forms) return term;
  return [...forms.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}

function titleFor(terms: string[], surface: Map<string, Map<string, number>>): string {
  const label = conceptLabel(terms[0]!);
  if (label) return label;
  const forms = terms.slice(0, 3).map((t) => formOf(t, surface));
  const text = forms.length === 1 ? forms[0]! : `${forms.slice(0, -1).join(', ')} and ${forms[forms.length - 1]}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function summaryFor(terms: string[], surface: Map<string, Map<string, number>>, reach: number, n: number, members: Sentence[]): string {
  const used = conceptLabel(terms[0]!)
    ? [...(surface.get(terms[0]!)?.entries() ?? [])].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([w]) => w)
    : terms.map((t) => formOf(t, surface));
  const quoted = used
    .slice(0, 3)
    .map((w) => `"${w}"`)
    .join(', ');
  const asked = new Map<string, number>();
  for (const s of members) if (s.askedBy) asked.set(s.askedBy, (asked.get(s.askedBy) ?? 0) + 1);
  const top = [...asked.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  const where = top ? ` It came up most often in answer to: "${top[0]}"` : '';
  return `${reach} of ${n} participants talked about ${quoted}.${where}`;
}

function quotesFor(members: Sentence[]): string[] {
  const seen = new Set<number>();
  const ranked = [...members].sort((a, b) => score(b) - score(a) || a.interview - b.interview || a.text.localeCompare(b.text));
  const quotes: string[] = [];
  for (const s of ranked) {
    if (seen.has(s.interview) || quotes.includes(s.text)) continue;
    seen.add(s.interview);
    quotes.push(s.text);
    if (quotes.length === MAX_QUOTES) break;
  }
  return quotes;
}

/** Prefer quotes of a readable length: long enough to say something, short enough to scan. */
function score(s: Sentence): number {
  const len = s.text.split(/\s+/).length;
  return len >= 6 && len <= 30 ? 100 - Math.abs(14 - len) : 50 - Math.abs(14 - len);
}

function overallSummary(themes: { title: string; frequency: number }[], n: number, transcripts: WireTurn[][]): string {
  if (n === 0) return 'No completed interviews were available to analyse.';
  const brief = transcripts.filter((t) => t.filter((x) => x.role === 'User').reduce((k, x) => k + x.text.split(/\s+/).length, 0) < 25).length;
  const pct = (f: number) => `${Math.round(f * 100)}%`;
  const [a, b, c] = themes;
  const parts = [`${n} completed interview${n === 1 ? ' was' : 's were'} analysed.`];
  if (a) parts.push(`The most common theme was ${a.title.toLowerCase()} (${pct(a.frequency)} of interviews)`);
  if (a && b)
    parts[parts.length - 1] += `, followed by ${b.title.toLowerCase()} (${pct(b.frequency)})${c ? ` and ${c.title.toLowerCase()} (${pct(c.frequency)})` : ''}.`;
  else if (a) parts[parts.length - 1] += '.';
  if (brief > 0) parts.push(`${brief} participant${brief === 1 ? '' : 's'} gave very short answers, so their views weigh less here.`);
  return parts.join(' ');
}
