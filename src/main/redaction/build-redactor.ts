import {
  compileKnown,
  detectPatterns,
  FINDING_CONTEXT,
  isWordLikeName,
  normaliseTerm,
  readsAsName,
  participantTerms,
  resolveOverlaps,
  termKey,
  type KnownTerm,
  type RedactionKind,
  type Span,
} from '../../shared/redaction/detect';
import type { Cache } from '../cache/cache';
import type { SecretStore } from '../secrets/secret-store';
import { wholeHyphenatedName } from '../../shared/redaction/hyphen-names';
import { FIXED_PSEUDONYMS } from './pseudonyms';
import type { Redactor } from '../output/redactor';
import { scanStudy, type Finding, type ScanResult } from './scan';
import type { ScanMemo } from './scan-memo';
import { possibleTerms, tallyTerms, termKeyOf, type TermTally } from './term-outcome';

export type BuiltRedactor = Redactor & {
  /** Set when the study's mapping could not be read and a new one was started (see mapping-store.ts). */
  readonly warning: string | null;
  /** How many distinct values it replaces by name (participants' own values, people, own terms). */
  readonly terms: number;
  /** The scan's terms by what the export does with them (term-outcome.ts): the summary's counts. */
  readonly tally: TermTally;
};

/**
 * The study's Redactor (redactor.ts), from a scan of the study (run here unless one is given) less what the
 * researcher rejected, plus their own terms. `text()` replaces, in one pass and the longest first, every
 * participant's own values (all participants of the study, in any text), every name found and not rejected,
 * every own term, and whatever in the text has the shape of an email, phone number, link, postcode, address,
 * date of birth, ID number, social handle or long number (found afresh, so text the scan never saw is covered too) unless that very value was rejected.
 * Names are matched without regard to case or spacing, as whole words.
 */
export async function buildRedactor(
  cache: Cache,
  secrets: SecretStore,
  projectId: string,
  opts: { scan?: ScanResult; memo?: ScanMemo } = {},
): Promise<BuiltRedactor> {
  // The study's kept scan (scan-memo.ts) unless its data changed: only the first redacted export after a sync pays for a scan.
  const scan = opts.scan ?? (await scanStudy(cache, secrets, projectId, undefined, opts.memo));
  const decisions = await cache.call('redaction.decisions', { projectId });
  const rejected = new Set(decisions.filter((d) => d.decision === 'reject').map((d) => `${d.kind}\u0000${d.term}`));
  const isRejected = (kind: string, term: string) => rejected.has(`${kind}\u0000${term}`);
  const decided = new Map(decisions.map((d) => [termKeyOf(d), d.decision]));
  const possible = possibleTerms(scan.findings);
  // A value the scan was unsure of everywhere (a bare "@name", a ten-digit number with no label) is replaced
  // once accepted, as a possible name is; one found surely anywhere in the study is replaced everywhere.
  const leftAsPossible = (kind: RedactionKind, term: string) => {
    const key = `${kind}\u0000${term}`;
    return possible.get(key) !== false && decided.get(key) !== 'accept';
  };

  const replacement = new Map<string, string>();
  const known: KnownTerm[] = [];
  const put = (text: string, kind: KnownTerm['kind'], pseudonym: string) => {
    const key = termKey(text.trim());
    if (key.length < 2 || replacement.has(key)) return;
    replacement.set(key, pseudonym);
    known.push({ text, kind });
  };

  // The researcher's own terms first: their choice of kind wins over what a scan thought.
  for (const t of scan.terms) {
    put(
      t.text,
      t.kind,
      t.kind === 'person' ? scan.pseudonyms.person(t.term, t.text) : t.kind === 'participant' ? FIXED_PSEUDONYMS.custom : FIXED_PSEUDONYMS[t.kind],
    );
  }
  // Every participant's name and email, found or not (their other personal fields come as findings of their own).
  for (const iv of scan.interviews) {
    const pseudonym = scan.pseudonyms.participant(iv.id)!;
    for (const t of participantTerms({ name: iv.participant_name, email: iv.participant_email })) {
      if (!isRejected('participant', normaliseTerm('participant', t.text))) put(t.text, 'participant', pseudonym);
    }
  }
  // A possible name (the scan was unsure) is replaced once the researcher accepts it, not before.
  const replaced = (f: Finding) => f.decision !== 'reject' && !isRejected(f.kind, f.term) && !(f.confidence === 'possible' && f.decision !== 'accept');
  const putStudyWide = (f: Finding, pseudonym: string | null) => pseudonym !== null && put(f.text, f.kind as KnownTerm['kind'], pseudonym);
  const kept = scan.findings.filter(replaced);
  for (const f of kept) putStudyWide(f, studyWideTerm(f));
  const nameHere = wordNamesWhereNames(kept);
  const matcher = compileKnown(known);

  const text = (s: string): string => {
    if (!s) return s;
    const spans: Span[] = matcher.find(s).filter((sp) => nameHere(s, sp));
    const patterns = detectPatterns(s);
    const kept = patterns.filter((p) => {
      const term = normaliseTerm(p.kind, p.text);
      return !isRejected(p.kind, term) && !(p.confidence === 'possible' && leftAsPossible(p.kind, term));
    });
    // Inside a rejected value nothing of its shape is replaced either: a rejected phone number keeps its digits.
    // A possible value left as written keeps what has its very extent too (its ID number's digits read as a phone).
    const left = kept.length === patterns.length ? [] : patterns.filter((p) => !kept.includes(p));
    const covers = (r: Span, p: Span) =>
      r.start <= p.start && p.end <= r.end && (r.end - r.start > p.end - p.start || (r.confidence === 'possible' && r.start === p.start && r.end === p.end));
    for (const p of kept) if (!left.some((r) => covers(r, p))) spans.push(p);
    if (spans.length === 0) return s;
    let out = '';
    let at = 0;
    for (const sp of resolveOverlaps(spans)) {
      if (sp.start < at) continue; // inside a hyphenated name already replaced whole
      const name = sp.kind === 'participant' || sp.kind === 'person';
      const to =
        name || replacement.has(termKey(sp.text))
          ? (replacement.get(termKey(sp.text)) ?? FIXED_PSEUDONYMS.custom)
          : FIXED_PSEUDONYMS[sp.kind as keyof typeof FIXED_PSEUDONYMS];
      const whole = name ? wholeHyphenatedName(s, sp.start, sp.end) : sp;
      out += s.slice(at, Math.max(at, whole.start)) + to;
      at = whole.end;
    }
    return out + s.slice(at);
  };

  return {
    active: true,
    warning: scan.warning,
    terms: replacement.size,
    tally: tallyTerms(scan.findings, decided),
    text,
    participant: (interviewId, _name, code) => scan.pseudonyms.participant(interviewId) ?? code,
  };
}

/**
 * The pseudonym a kept finding is replaced by wherever its text stands in the study, or null when it is replaced only
 * where found. Names go everywhere. So does a date of birth the scan found by the question before it ("When's your
 * birthday?" "12 March 1988."), since an export's look at a text has no question before it; but not a month alone
 * ("October"): every other October of the study would go with it.
 */
function studyWideTerm(f: Finding): string | null {
  if (f.kind === 'participant' || f.kind === 'person' || f.kind === 'custom') return f.suggested;
  return f.kind === 'dob' && /\d|\s/.test(f.text.trim()) ? FIXED_PSEUDONYMS.dob : null;
}

/**
 * Names that are also words ("Happy", "Storm", "Sunday"): replaced where the scan found them, and elsewhere only
 * where they read as a name, so "my uncle Happy" goes and "not happy at all" stays. The test a matched span must
 * pass (any other span passes).
 */
function wordNamesWhereNames(findings: readonly Finding[]): (s: string, sp: Span) => boolean {
  const wordNames = new Set<string>();
  const foundAt = new Set<string>();
  for (const f of findings) {
    if (f.kind !== 'person' || !isWordLikeName(f.text)) continue;
    wordNames.add(termKey(f.text));
    foundAt.add(`${f.before}\u0000${f.text}\u0000${f.after}`);
  }
  const context = (s: string, sp: Span) =>
    `${s.slice(Math.max(0, sp.start - FINDING_CONTEXT), sp.start)}\u0000${sp.text}\u0000${s.slice(sp.end, sp.end + FINDING_CONTEXT)}`;
  return (s, sp) => sp.kind !== 'person' || !wordNames.has(termKey(sp.text)) || readsAsName(s, sp) || foundAt.has(context(s, sp));
}
