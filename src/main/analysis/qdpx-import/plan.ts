/**
 * What an import will write, worked out from the parsed file and the study's interviews without touching
 * the cache: sources matched to interviews (Fieldwork's own GUIDs, then the name, then the transcript's
 * words), every coding placed on turns or said why not, and the codebook folded to Fieldwork's one level
 * of categories. The cache op `imports.applyQdpx` then writes it in one transaction.
 */
import type { PlacedTurnRange } from '../../../shared/analysis/turn-range';
import type { QdpxSourceReport, QdpxUnmatchedCoding } from '../../../shared/ipc/channels/imports';
import type { QdaCode, QdaProject, QdaSelection, QdaSource, QdaText, QdaTranscript } from './model';
import { fieldworkGuids, matchSource, TextMatcher, type ImportInterview } from './match-sources';
import { locateTurns, rangeForText, rangeForTime, SourceText, type PositionMode } from './text-map';

export type { ImportInterview } from './match-sources';

export type PlannedCode = { name: string; color: string | null; description: string; isCategory: boolean; parent: string | null };
export type PlannedSegment = PlacedTurnRange & { interview_id: string; note: string; codes: string[] };

export type ImportPlan = {
  codes: PlannedCode[];
  segments: PlannedSegment[];
  sources: QdpxSourceReport[];
  found: number;
  duplicates: number;
  notes: string[];
};

/** A source's texts, read from the archive by path (the caller resolves paths safely); null with a reason. */
export type TextLookup = (text: QdaText) => { text: string } | { error: string };

const MAX_UNMATCHED_LISTED = 50;
const CODE_NAME_MAX = 80;

export function planImport(project: QdaProject, interviews: readonly ImportInterview[], projectId: string, readText: TextLookup): ImportPlan {
  const notes: string[] = [];
  const codeNames = foldCodes(project, notes);
  const ctx: PlanContext = {
    codeNames,
    byGuid: fieldworkGuids(projectId, interviews),
    interviews,
    matcher: new TextMatcher(interviews),
    readText,
    claimed: new Map(),
    notes,
  };
  const segments: PlannedSegment[] = [];
  const sources: QdpxSourceReport[] = [];
  let found = 0;
  let duplicates = 0;
  for (const source of project.sources) {
    const planned = planSource(source, ctx);
    found += planned.report.codings;
    sources.push(planned.report);
    segments.push(...planned.segments);
    duplicates += planned.duplicates;
  }
  noteCodingUsers(project, notes);
  return { codes: codeNames.planned, segments, sources, found, duplicates, notes };
}

/** What every source's plan reads, and what it shares: which source already claimed an interview, and the notes. */
type PlanContext = {
  codeNames: CodeNames;
  byGuid: Map<string, ImportInterview>;
  interviews: readonly ImportInterview[];
  matcher: TextMatcher;
  readText: TextLookup;
  claimed: Map<string, string>;
  notes: string[];
};

type SourcePlan = { report: QdpxSourceReport; segments: PlannedSegment[]; duplicates: number };
type TextOf = (t: QdaText) => { text: string } | { error: string };

/** One source: matched to an interview, then its text codings and its time codings placed on that interview's turns. */
function planSource(source: QdaSource, ctx: PlanContext): SourcePlan {
  const selections = allSelections(source);
  const report = emptyReport(
    source,
    selections.reduce((n, s) => n + s.sel.codes.length, 0),
  );
  const unmatchedAll = (reason: string): SourcePlan => {
    report.reason = reason;
    report.unmatched = selections.slice(0, MAX_UNMATCHED_LISTED).map((s) => unmatchedOf(s.sel, ctx.codeNames, reason));
    return { report, segments: [], duplicates: 0 };
  };
  if (source.kind === 'PictureSource' || source.kind === 'PDFSource')
    return unmatchedAll(`A ${source.kind === 'PDFSource' ? 'PDF' : 'picture'} source: Fieldwork imports codings on transcripts only.`);
  const textOf = cachedTexts(ctx.readText);
  const ownTexts = source.kind === 'TextSource' && source.text ? [source.text] : source.transcripts.map((t) => t.text);
  const readable = ownTexts.map(textOf).filter((v): v is { text: string } => 'text' in v);

  const match = matchSource(source, ctx.byGuid, ctx.interviews, readable, ctx.matcher);
  if (!match.interview) {
    const textError = ownTexts.map(textOf).find((v): v is { error: string } => 'error' in v);
    return unmatchedAll(
      readable.length === 0 && textError ? `${textError.error} Neither its GUID nor its name matches an interview of this study.` : match.reason,
    );
  }
  const iv = match.interview;
  const other = ctx.claimed.get(iv.id);
  if (other) ctx.notes.push(`Two sources matched the interview ${iv.id}: "${other}" and "${source.name}". The codings of both are imported onto it.`);
  ctx.claimed.set(iv.id, source.name);
  report.interview_id = iv.id;
  report.participant = iv.participant_name;
  report.matched_by = match.by;

  const placer = new Placer(report, iv, ctx.codeNames);
  placeTextSelections(source, textOf, placer);
  const duplicates = placeMediaSelections(source, placer);
  return { report, segments: mergeSameRange(placer.placed), duplicates };
}

function emptyReport(source: QdaSource, codings: number): QdpxSourceReport {
  return {
    guid: source.guid,
    name: source.name,
    kind: source.kind,
    interview_id: null,
    participant: null,
    matched_by: null,
    reason: null,
    positions: null,
    codings,
    imported: 0,
    unmatched: [],
  };
}

/** The source's texts (its own, or its transcripts'), read once. */
function cachedTexts(readText: TextLookup): TextOf {
  const texts = new Map<QdaText, { text: string } | { error: string }>();
  return (t) => {
    let v = texts.get(t);
    if (!v) texts.set(t, (v = readText(t)));
    return v;
  };
}

/** Codings of one source on its matched interview: placed as segments, or listed (up to a bound) with why not. */
class Placer {
  readonly placed: PlannedSegment[] = [];

  constructor(
    readonly report: QdpxSourceReport,
    readonly iv: ImportInterview,
    readonly codeNames: CodeNames,
  ) {}

  fail(sel: QdaSelection, reason: string): void {
    if (this.report.unmatched.length < MAX_UNMATCHED_LISTED) this.report.unmatched.push(unmatchedOf(sel, this.codeNames, reason));
  }

  namesOf(sel: QdaSelection): string[] {
    return sel.codes.map((c) => this.codeNames.get(c.codeGuid)).filter((n): n is string => !!n);
  }

  place(sel: QdaSelection, range: PlacedTurnRange | null, whyNot: string): void {
    const names = this.namesOf(sel);
    const unknown = sel.codes.length - names.length;
    if (!range) return this.fail(sel, whyNot);
    if (unknown > 0) this.fail({ ...sel, codes: sel.codes.filter((c) => !this.codeNames.has(c.codeGuid)) }, 'Its code is not in the file’s codebook.');
    if (names.length === 0) return;
    this.placed.push({ ...range, interview_id: this.iv.id, note: sel.note, codes: [...new Set(names)] });
    this.report.imported += names.length;
  }
}

type SelectionGroup = { text: QdaText; sels: QdaSelection[]; points: QdaTranscript['syncPoints'] | null };
type Positioned = { sel: QdaSelection; start: number; end: number };

/** Text positions: a text source's own selections, or a transcript's selections between sync points. */
function placeTextSelections(source: QdaSource, textOf: TextOf, placer: Placer): void {
  const textSelections: SelectionGroup[] = source.kind === 'TextSource' && source.text ? [{ text: source.text, sels: source.selections, points: null }] : [];
  const transcriptSelections: SelectionGroup[] = source.transcripts.map((t) => ({ text: t.text, sels: t.selections, points: t.syncPoints }));
  for (const group of [...textSelections, ...transcriptSelections]) {
    if (group.sels.length === 0) continue;
    const t = textOf(group.text);
    if ('error' in t) {
      for (const sel of group.sels) placer.fail(sel, t.error);
      continue;
    }
    const st = new SourceText(t.text);
    const spans = locateTurns(st, placer.iv.transcript);
    const positioned = positionsOf(group, placer);
    const mode: PositionMode = st.detectMode(positioned.map((p) => ({ start: p.start, end: p.end, name: p.sel.name })));
    placer.report.positions = mode;
    for (const p of positioned) {
      const a = st.at(p.start, mode);
      const b = st.at(p.end, mode);
      if (a === null || b === null) {
        placer.fail(p.sel, `Its positions (${p.start}–${p.end}) are outside the source's text.`);
        continue;
      }
      placer.place(
        p.sel,
        rangeForText(spans, a, b),
        b <= a ? 'It selects no characters.' : 'It covers none of the interview’s transcript words (only labels or blank lines).',
      );
    }
  }
}

/** Each selection's start and end in the text: its own, or its sync points' (one without them fails). */
function positionsOf(group: SelectionGroup, placer: Placer): Positioned[] {
  return group.sels.flatMap((sel): Positioned[] => {
    if (sel.kind === 'text') return [{ sel, start: sel.start, end: sel.end }];
    if (sel.kind !== 'transcript' || !group.points) return [];
    const from = sel.fromSyncPoint ? group.points.get(sel.fromSyncPoint)?.position : null;
    const to = sel.toSyncPoint ? group.points.get(sel.toSyncPoint)?.position : null;
    if (from === null || from === undefined || to === null || to === undefined) {
      placer.fail(sel, 'Its sync points are missing or have no position in the transcript.');
      return [];
    }
    return [{ sel, start: from, end: to }];
  });
}

/**
 * Time spans: turns they cover; one that repeats a text coding (the same codes on the same turns) is that coding.
 * Returns how many codings were such duplicates.
 */
function placeMediaSelections(source: QdaSource, placer: Placer): number {
  const { iv } = placer;
  const textPlaced = [...placer.placed];
  let duplicates = 0;
  for (const sel of source.selections) {
    if (sel.kind !== 'media') continue;
    const range = rangeForTime(iv.transcript, sel.beginMs, sel.endMs);
    if (range) {
      const names = placer.namesOf(sel);
      const mirror = textPlaced.some(
        (s) => s.start_turn <= range.end_turn && s.end_turn >= range.start_turn && names.every((n) => s.codes.some((c) => c.toLowerCase() === n.toLowerCase())),
      );
      if (mirror && names.length > 0) {
        duplicates += names.length;
        placer.report.imported += names.length;
        continue;
      }
    }
    placer.place(
      sel,
      range,
      iv.transcript.every((t) => t.start_ms === null)
        ? 'The interview’s transcript has no times, so a time span cannot be placed on its turns.'
        : `No transcript turn falls within ${fmtMs(sel.beginMs)}–${fmtMs(sel.endMs)}.`,
    );
  }
  return duplicates;
}

/** Codings by several users are imported as one coder: say so. */
function noteCodingUsers(project: QdaProject, notes: string[]): void {
  const codingUsers = new Set<string>();
  for (const s of project.sources) for (const sel of allSelections(s)) for (const c of sel.sel.codes) if (c.userGuid) codingUsers.add(c.userGuid);
  if (codingUsers.size > 1) {
    const names = [...codingUsers].map((g) => project.users.get(g) || g).slice(0, 10);
    notes.push(`The file holds codings by ${codingUsers.size} users (${names.join(', ')}); they are all imported as one coder.`);
  }
}

function allSelections(source: QdaSource): { sel: QdaSelection }[] {
  return [...source.selections, ...source.transcripts.flatMap((t) => t.selections)].map((sel) => ({ sel }));
}

function unmatchedOf(sel: QdaSelection, codes: CodeNames, reason: string): QdpxUnmatchedCoding {
  return {
    selection: (sel.name || sel.guid).slice(0, 120),
    codes: sel.codes.map((c) => codes.get(c.codeGuid) ?? `(unknown code ${c.codeGuid})`),
    reason,
  };
}

const fmtMs = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Codings of one selection, or several selections over the same words, are one segment with several codes. */
function mergeSameRange(segments: PlannedSegment[]): PlannedSegment[] {
  const by = new Map<string, PlannedSegment>();
  for (const s of segments) {
    const key = `${s.start_turn}:${s.start_offset}:${s.end_turn}:${s.end_offset}`;
    const had = by.get(key);
    if (!had) by.set(key, { ...s, codes: [...s.codes] });
    else {
      for (const c of s.codes) if (!had.codes.some((h) => h.toLowerCase() === c.toLowerCase())) had.codes.push(c);
      if (!had.note && s.note) had.note = s.note;
    }
  }
  return [...by.values()];
}

type CodeNames = Map<string, string> & { planned: PlannedCode[] };

/**
 * Fieldwork keeps one level: categories (not codable) holding codes. A top-level code with sub-codes
 * becomes a category unless it has codings of its own (a category cannot be applied), in which case it
 * stays a code and its sub-codes move to the top. Deeper levels go under their top-level category.
 * Names are trimmed to 80 characters; two codes with one name (any case) become one.
 */
function foldCodes(project: QdaProject, notes: string[]): CodeNames {
  const used = new Set<string>();
  for (const s of project.sources) for (const sel of allSelections(s)) for (const c of sel.sel.codes) used.add(c.codeGuid);
  const names = new Map<string, string>() as CodeNames;
  const planned: PlannedCode[] = [];
  const byLower = new Map<string, PlannedCode>();
  let unnamed = 0;
  let flattened = 0;
  const keptAsCode: string[] = [];
  const add = (code: QdaCode, isCategory: boolean, parent: string | null): string => {
    let name = code.name.replace(/\s+/g, ' ').trim().slice(0, CODE_NAME_MAX).trim();
    if (!name) name = `Unnamed code ${++unnamed}`;
    const had = byLower.get(name.toLowerCase());
    if (had) {
      if (had.isCategory && !isCategory) had.isCategory = false;
      names.set(code.guid, had.name);
      return had.name;
    }
    const p: PlannedCode = { name, color: code.color, description: code.description, isCategory, parent };
    planned.push(p);
    byLower.set(name.toLowerCase(), p);
    names.set(code.guid, name);
    return name;
  };
  const descendants = (c: QdaCode): QdaCode[] => c.children.flatMap((k) => [k, ...descendants(k)]);
  for (const top of project.codes) {
    if (top.children.length === 0) {
      add(top, false, null);
      continue;
    }
    const all = descendants(top);
    flattened += all.filter((d) => !top.children.includes(d)).length;
    if (used.has(top.guid)) {
      keptAsCode.push(top.name);
      add(top, false, null);
      for (const d of all) add(d, false, null);
    } else {
      const cat = add(top, true, null);
      for (const d of all) add(d, false, cat);
    }
  }
  // A category that is also applied somewhere (two codes of one name, one with codings) must be a code.
  for (const p of planned) if (p.isCategory && planned.some((q) => q.parent === p.name && q.isCategory)) p.isCategory = false;
  if (flattened > 0)
    notes.push(
      `${flattened} code${flattened === 1 ? ' was' : 's were'} nested more than one level deep; Fieldwork keeps one level of categories, so ${flattened === 1 ? 'it sits' : 'they sit'} under ${flattened === 1 ? 'its' : 'their'} top-level category.`,
    );
  if (keptAsCode.length > 0)
    notes.push(
      `${keptAsCode.map((n) => `"${n}"`).join(', ')} ${keptAsCode.length === 1 ? 'has' : 'have'} sub-codes and codings of ${keptAsCode.length === 1 ? 'its' : 'their'} own; a Fieldwork category cannot be applied, so ${keptAsCode.length === 1 ? 'it stays a code' : 'they stay codes'} and the sub-codes sit at the top of the codebook.`,
    );
  names.planned = planned;
  return names;
}
