import { createHash } from 'node:crypto';
import type { Participant } from '../../../shared/schemas/interview';
import {
  compileKnown,
  detectPatterns,
  detectPeopleMany,
  FINDING_CONTEXT,
  mayHoldName,
  normaliseTerm,
  participantTerms,
  resolveOverlaps,
  type KnownTerm,
  type RedactionKind,
  type Span,
} from '../../../shared/redaction/detect';
import { answeredBirthDate, asksForBirthDate } from '../../../shared/redaction/birthdays';
import { NamePropagation } from '../../../shared/redaction/name-propagation';
import { WHY_BY_KIND } from '../../../shared/redaction/possible-reasons';
import type { CacheDb } from '../open';
import { interviewNumbers } from './code-segments';
import { listTerms, type TermRow } from './redaction-choices';
import { stmt } from './stmt';

/**
 * Redaction's scan, which runs here in the cache worker beside the turns so 400,000 of them never cross to the
 * main process; only what was found does. The researcher's own rows (decisions, terms, the pseudonym mapping)
 * are in redaction-choices.ts, exported from here too so the cache's operations and their callers import one module.
 */

export {
  addTerm,
  decide,
  decideMany,
  getMapping,
  listDecisions,
  listTerms,
  removeTerm,
  saveMapping,
  type DecisionRow,
  type MappingRow,
  type RedactionDecision,
  type TermRow,
} from './redaction-choices';

export type ScanInterview = { id: string; n: number; status: string; participant_name: string | null; participant_email: string | null };

/** One thing found, where it was: a turn (by index), a report quote (by its theme and place), or a participant field. */
export type RawFinding = {
  interview_id: string | null;
  source: 'turn' | 'quote' | 'field';
  /** The turn's index, the quote's "theme.position", or the field's name. */
  at: string;
  kind: RedactionKind;
  text: string;
  /** Normalised text: decisions are kept under kind + term. */
  term: string;
  /** For a participant's own value: whose (their interview's id). */
  owner: string | null;
  start_ms: number | null;
  start: number;
  end: number;
  /** Up to CONTEXT characters of the text on either side, for the review list. */
  before: string;
  after: string;
  /** What the scan is unsure of (any kind): listed for review, replaced only once accepted. Absent: sure. */
  confidence?: 'possible';
  /** Why it is only possible (possible-reasons.ts), set with `confidence`. */
  reason?: string;
};

export type ScanSource = { interviews: ScanInterview[]; terms: TermRow[]; findings: RawFinding[] };

const CONTEXT = FINDING_CONTEXT;

/** The text with each span's characters replaced by "x", offsets unchanged. */
function maskSpans(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    if (s.start < at) continue;
    out += text.slice(at, s.start) + 'x'.repeat(s.end - s.start);
    at = s.end;
  }
  return out + text.slice(at);
}
/**
 * Turns tagged for names in one go, the findings' order (by turn) kept. Only one turn in twenty or so holds
 * words for the tagger, a few words around each possible name: 4,000 turns fill its documents (see
 * detectPeopleMany); 400 gave it a few hundred characters a call, and its fixed cost a call dominated.
 */
const CHUNK = 4000;

type Row = { id: string; status: string; participant_name: string | null; participant_email: string | null; participant_json: string };

function fieldsOf(json: string): Record<string, unknown> {
  try {
    const p = JSON.parse(json) as Participant | null;
    return p?.fields ?? {};
  } catch {
    return {};
  }
}

/**
 * What a scan of the study reads, as one cheap string: it changes whenever the study's participants or
 * transcripts (a full record saved, a listing that changed, turns replaced), its report's quotes or the
 * researcher's own terms change, and not when a decision is made (decisions are applied to a kept scan,
 * see src/main/redaction/scan-memo.ts). Read from the interviews' rows, never the turns: turns are only
 * ever written with their interview's full record (saveFullRecords), which sets its detail_synced_at and
 * turn_count, and go with it when it is deleted.
 */
export function scanStamp(db: CacheDb, args: { projectId: string }): string {
  const h = createHash('sha1');
  const ivs = stmt(db, 'SELECT id, fingerprint, turn_count, listed_at, detail_synced_at FROM interviews WHERE project_id = ? ORDER BY id').raw(true);
  for (const row of ivs.iterate(args.projectId) as IterableIterator<unknown[]>) h.update(`${row.join('\u0001')}\u0000`);
  ivs.raw(false);
  const report = stmt(
    db,
    `SELECT r.synced_at, (SELECT count(*) || '/' || coalesce(max(q.id), 0) FROM report_quotes q WHERE q.project_id = r.project_id)
     FROM reports r WHERE r.project_id = ?`,
  )
    .raw(true)
    .get(args.projectId) as unknown[] | undefined;
  for (const t of listTerms(db, args)) h.update(`${t.kind}\u0001${t.term}\u0001${t.text}\u0000`);
  return `${h.digest('hex')}/${report?.join('/') ?? '-'}`;
}

/**
 * Everything personal in one study: every interview's participant fields and turns (whatever its status), in
 * the study's order of completion, then the report's quotes. The regular expressions and the participants'
 * own values run on every text; the name tagger only on sentences that may hold a name (see mayHoldName). The researcher's decisions are
 * not read here: they are applied to the result in main, so a decision never needs another scan.
 */
export function scanStudy(db: CacheDb, args: { projectId: string }): ScanSource {
  const numbers = interviewNumbers(db, args);
  const rows = stmt(db, 'SELECT id, status, participant_name, participant_email, participant_json FROM interviews WHERE project_id = ?').all(
    args.projectId,
  ) as Row[];
  rows.sort((a, b) => numbers.get(a.id)! - numbers.get(b.id)!);
  const terms = listTerms(db, args);
  const { known, fieldValues } = participantValues(rows, terms);
  const matcher = compileKnown(known);
  const findings: RawFinding[] = [];
  const emit = (p: Pending) => emitFindings(matcher, findings, p);

  // A participant's fields are findings of their own, so the review lists every participant of the study.
  for (const f of fieldValues) {
    const spans = matcher.find(f.value).filter((s) => s.kind === 'participant' || s.kind === 'custom');
    if (f.field === 'name' || f.field === 'email') spans.splice(0, spans.length, { kind: 'participant', start: 0, end: f.value.length, text: f.value });
    emit({ interviewId: f.row.id, source: 'field', at: f.field, text: f.value, startMs: null, spans: [...spans, ...detectPatterns(f.value)] });
  }
  const tagger = taggedInChunks(matcher, emit);
  // The texts are kept for propagation's second pass: reading them again from the database cost more.
  const texts: Omit<Pending, 'spans'>[] = [];
  addStudyTexts(db, args, rows, (p) => {
    texts.push(p);
    tagger.add(p);
  });
  tagger.flush();
  propagateNames(texts, findings);

  return {
    interviews: rows.map((r) => ({
      id: r.id,
      n: numbers.get(r.id)!,
      status: r.status,
      participant_name: r.participant_name,
      participant_email: r.participant_email,
    })),
    terms,
    findings,
  };
}

type FieldValue = { row: Row; field: string; value: string };

/** The researcher's terms and every participant's own values (to be found in the texts), and the fields to list. */
function participantValues(rows: Row[], terms: TermRow[]): { known: KnownTerm[]; fieldValues: FieldValue[] } {
  const known: KnownTerm[] = terms.map((t) => ({ text: t.text, kind: t.kind }));
  const fieldValues: FieldValue[] = [];
  for (const r of rows) {
    const fields = fieldsOf(r.participant_json);
    for (const t of participantTerms({ name: r.participant_name, email: r.participant_email, fields })) known.push({ ...t, owner: r.id });
    if (r.participant_name?.trim()) fieldValues.push({ row: r, field: 'name', value: r.participant_name.trim() });
    if (r.participant_email?.trim()) fieldValues.push({ row: r, field: 'email', value: r.participant_email.trim() });
    // The fields hold the raw record, so the name and email are there too (under "name", "full_name", "email"…):
    // listed once, above, not again as the field they came from.
    const same = (v: string, known: string | null) => known !== null && v.trim() === known.trim();
    for (const [k, v] of Object.entries(fields)) {
      if (typeof v !== 'string' && typeof v !== 'number') continue;
      const value = String(v);
      if (same(value, r.participant_name) || same(value, r.participant_email)) continue;
      fieldValues.push({ row: r, field: k, value });
    }
  }
  return { known, fieldValues };
}

/**
 * One text to scan: where it is, and the spans found in it so far. `askedBirth`: a participant's turn right after
 * the interviewer asked for a birth date, where a date alone is one (birthdays.ts).
 */
type Pending = {
  interviewId: string | null;
  source: RawFinding['source'];
  at: string;
  text: string;
  startMs: number | null;
  spans: Span[];
  askedBirth?: boolean;
};

type KnownMatcher = ReturnType<typeof compileKnown>;

/** One text's spans as findings: overlaps resolved, a person who is a participant named as theirs. */
function emitFindings(matcher: KnownMatcher, findings: RawFinding[], p: Pending): void {
  const { interviewId, text } = p;
  for (const s of resolveOverlaps(p.spans)) {
    let owner: string | null = null;
    let kind = s.kind;
    if (kind === 'participant' || kind === 'person') {
      const owners = matcher.owners(s.text);
      if (owners.length) {
        kind = 'participant';
        owner = interviewId && owners.includes(interviewId) ? interviewId : owners[0]!;
      }
    }
    const term = normaliseTerm(kind, s.text);
    const f: RawFinding = {
      interview_id: interviewId,
      source: p.source,
      at: p.at,
      kind,
      text: s.text,
      term,
      owner,
      start_ms: p.startMs,
      start: s.start,
      end: s.end,
      before: text.slice(Math.max(0, s.start - CONTEXT), s.start),
      after: text.slice(s.end, s.end + CONTEXT),
    };
    // Every kind's 'possible' reaches the review, with the rule's reason; a participant's own value is theirs
    // whatever a detector thought. Set, not spread in: scan.ts copied a spread-made finding slowly.
    if (s.confidence === 'possible' && kind !== 'participant') {
      f.confidence = 'possible';
      f.reason = s.reason ?? WHY_BY_KIND[kind];
    }
    findings.push(f);
  }
}

/** Whether a finding was made in this text. */
const inText = (f: RawFinding, p: Omit<Pending, 'spans'>) => f.interview_id === p.interviewId && f.source === p.source && f.at === p.at;

/**
 * Propagation (name-propagation.ts): a second pass over the study's texts (as the first read them, in its
 * order), only when a name was found surely, adding every other mention of it and of its parts; a finding it
 * widens ("Adaeze" beside a found "Nwosu") is replaced by the whole. The first pass's findings are in the
 * texts' order (participant fields first), so each text's own are the next run of them: no lookup by place.
 */
function propagateNames(texts: readonly Omit<Pending, 'spans'>[], findings: RawFinding[]): void {
  const propagation = new NamePropagation(findings.filter((f) => f.kind === 'person' && f.confidence !== 'possible').map((f) => f.text));
  if (propagation.size === 0) return;
  const out: RawFinding[] = [];
  let i = 0;
  while (i < findings.length && findings[i]!.source === 'field') out.push(findings[i++]!);
  for (const p of texts) {
    const from = i;
    while (i < findings.length && inText(findings[i]!, p)) i++;
    const here = from === i ? NONE : findings.slice(from, i);
    const spans: Span[] =
      from === i
        ? []
        : here.map((f) => ({
            kind: f.kind,
            start: f.start,
            end: f.end,
            text: f.text,
            ...(f.confidence ? { confidence: f.confidence, reason: f.reason } : {}),
          }));
    const merged = propagation.apply(p.text, spans);
    if (!merged) {
      for (const f of here) out.push(f);
      continue;
    }
    const added: RawFinding[] = [];
    for (const sp of merged) {
      if (sp.kind !== 'person') continue;
      if (here.some((f) => f.kind === 'person' && f.start === sp.start && f.end === sp.end && f.confidence === sp.confidence)) continue;
      // What it replaces (a part, the possible given name beside it) goes; the whole takes its place.
      for (const f of here) if (f.kind === 'person' && f.start < sp.end && sp.start < f.end) f.kind = DROPPED;
      emitFindings(NO_OWNERS, added, { ...p, spans: [sp] });
    }
    for (const f of [...here.filter((f) => f.kind !== DROPPED), ...added].sort((a, b) => a.start - b.start)) out.push(f);
  }
  // Anything not in a text of the pass (none today) is kept, after the rest.
  while (i < findings.length) out.push(findings[i++]!);
  // In place, without spreading: a study has hundreds of thousands of findings.
  findings.length = 0;
  for (const f of out) findings.push(f);
}

/** A text's findings when it has none of its own (most texts): no array made for each. */
const NONE: readonly RawFinding[] = [];
/** A finding's kind while propagation replaces it by a longer one: never seen outside propagateNames. */
const DROPPED = 'dropped' as RedactionKind;
/** Propagated names are other people's: matched against no participant. */
const NO_OWNERS: KnownMatcher = Object.assign(compileKnown([]), { owners: () => [] as readonly string[] });

/** Scans texts with the patterns and known values at once, and with the name tagger CHUNK texts at a time. */
function taggedInChunks(matcher: KnownMatcher, emit: (p: Pending) => void): { add: (p: Omit<Pending, 'spans'>) => void; flush: () => void } {
  let chunk: Pending[] = [];
  const flush = () => {
    // What is already found (a participant's name, an email) is blanked for the tagger: a turn whose only
    // capitalised words are a participant's own name needs no tagging, and a name is not found twice.
    const masked = chunk.map((p) => maskSpans(p.text, p.spans));
    const needsNames = chunk.map((_, i) => i).filter((i) => mayHoldName(masked[i]!));
    const people = detectPeopleMany(needsNames.map((i) => masked[i]!));
    needsNames.forEach((c, i) => chunk[c]!.spans.push(...people[i]!));
    for (const p of chunk) emit(p);
    chunk = [];
  };
  const add = (p: Omit<Pending, 'spans'>) => {
    const spans = detectPatterns(p.text);
    spans.push(...matcher.find(p.text));
    if (p.askedBirth) spans.push(...answeredBirthDate(p.text));
    // Field by field: a spread here cost a tenth of the scan.
    chunk.push({ interviewId: p.interviewId, source: p.source, at: p.at, text: p.text, startMs: p.startMs, spans });
    if (chunk.length >= CHUNK) flush();
  };
  return { add, flush };
}

/** Every interview's turns in the study's order, then the report's quotes. */
function addStudyTexts(db: CacheDb, args: { projectId: string }, rows: Row[], add: (p: Omit<Pending, 'spans'>) => void): void {
  const turns = stmt(db, 'SELECT idx, text, start_ms, role FROM transcript_turns WHERE interview_id = ? ORDER BY idx');
  // All of an interview's turns at once: stepping row by row took about half as long again.
  for (const r of rows) {
    // Whether the interviewer's last question asked for a birth date, and whether the participant has answered it:
    // their first turn after it may be the date alone.
    let asked = false;
    let answered = false;
    for (const [idx, text, startMs, role] of turns.raw(true).all(r.id) as [number, string, number, string][]) {
      if (role === 'AI') {
        asked = asksForBirthDate(text, asked);
        answered = false;
      }
      const askedBirth = asked && !answered && role !== 'AI';
      add({ interviewId: r.id, source: 'turn', at: String(idx), text, startMs, ...(askedBirth ? { askedBirth } : {}) });
      if (role !== 'AI') answered = true;
    }
  }
  turns.raw(false);
  const quotes = stmt(db, 'SELECT theme_position, position, text FROM report_quotes WHERE project_id = ? ORDER BY theme_position, position').all(
    args.projectId,
  ) as {
    theme_position: number;
    position: number;
    text: string;
  }[];
  for (const q of quotes) add({ interviewId: null, source: 'quote', at: `${q.theme_position}.${q.position}`, text: q.text, startMs: null });
}
