import type { Cache } from '../cache/cache';
import type { RawFinding, RedactionDecision, ScanInterview, TermRow } from '../cache/queries/redaction';
import { AppError } from '../errors';
import type { SecretStore } from '../secrets/secret-store';
import { normaliseTerm } from '../../shared/redaction/detect';
import { loadMapping, saveMapping } from './mapping-store';
import { Pseudonyms } from './pseudonyms';
import { studyScans, type ScanMemo } from './scan-memo';

/** A finding as the review lists it and `redact scan --json` prints it (its first five fields). */
export type Finding = RawFinding & {
  /** The pseudonym it becomes when accepted: the participant's code "P07", "[Person A]", "[email]"… */
  suggested: string;
  /** The researcher's decision on this kind and term, if any. */
  decision: RedactionDecision | null;
};

export type ScanResult = {
  interviews: ScanInterview[];
  terms: TermRow[];
  findings: Finding[];
  /** Set when the mapping could not be read (its key is gone from the keychain) and a new one was started. */
  warning: string | null;
  pseudonyms: Pseudonyms;
};

/**
 * Scans one study (in the cache worker, or the scan kept since its data last changed: scan-memo.ts), marks
 * each finding with the researcher's current decision, and names what it found with the study's
 * pseudonyms, recording any new ones in the encrypted mapping, so the suggestion the review shows is what
 * every later export writes.
 */
export async function scanStudy(
  cache: Cache,
  secrets: SecretStore,
  projectId: string,
  now = new Date().toISOString(),
  memo: ScanMemo = studyScans,
): Promise<ScanResult> {
  if (!(await cache.call('projects.get', { id: projectId }))) {
    throw new AppError('unknown_project', `No project ${projectId} in the saved data. Sync it first, then scan it for personal data.`);
  }
  const [source, loaded, decisions] = await Promise.all([
    memo.source(cache, projectId),
    loadMapping(cache, secrets, projectId),
    cache.call('redaction.decisions', { projectId }),
  ]);
  const decided = new Map(decisions.map((d) => [`${d.kind}\u0000${d.term}`, d.decision]));
  const pseudonyms = new Pseudonyms(loaded.mapping, source.interviews);
  // A part of a name found whole ("Okafor" of "Chiamaka Okafor") is the same person: the same letter.
  const wholes = new Map<string, { term: string; text: string }>();
  for (const f of source.findings) {
    if (f.kind !== 'person' || !/\s/.test(f.text.trim())) continue;
    for (const part of f.text.trim().split(/\s+/)) {
      const key = normaliseTerm('person', part);
      if (key !== f.term && !wholes.has(key)) wholes.set(key, { term: f.term, text: f.text });
    }
  }
  for (const f of source.findings) {
    const whole = f.kind === 'person' ? wholes.get(f.term) : undefined;
    if (whole) pseudonyms.alias(f.term, f.text, pseudonyms.person(whole.term, whole.text));
  }
  const findings = source.findings.map((f) => ({
    ...f,
    // Most studies have few decisions, and none for most findings: no key made when there are none.
    decision: decided.size ? (decided.get(`${f.kind}\u0000${f.term}`) ?? null) : null,
    suggested: pseudonyms.forFinding(f.kind, f.term, f.text, f.owner),
  }));
  // The researcher's own terms of kind person get their letters too (after the people found).
  for (const t of source.terms) if (t.kind === 'person') pseudonyms.person(t.term, t.text);
  if (pseudonyms.changed || loaded.warning) await saveMapping(cache, secrets, projectId, pseudonyms.mapping(), now);
  return { interviews: source.interviews, terms: source.terms, findings, warning: loaded.warning, pseudonyms };
}

export { findingJson } from '../../shared/redaction/finding-json';
