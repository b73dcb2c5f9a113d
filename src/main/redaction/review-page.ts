import type {
  RedactionDecisionFilter,
  RedactionDecisionView,
  RedactionExampleView,
  RedactionFindingView,
  RedactionReviewPage,
  RedactionReviewTermView,
} from '../../shared/ipc/channels/redaction';
import { participantCode } from '../../shared/participant-code';
import { REDACTION_KINDS, type RedactionKind } from '../../shared/redaction/kinds';

/** `possible`: only the terms the scan was unsure of, most at risk first (see byRisk). */
export type ReviewFilter = { kind?: RedactionKind; decision?: RedactionDecisionFilter; query?: string; possible?: boolean };
export type ReviewScan = { findings: readonly RedactionFindingView[]; interviews: number; warning: string | null };

/** Up to this many places per term: enough to judge it in context. */
export const EXAMPLES = 3;

type Group = RedactionReviewTermView & { ids: Set<string>; first: RedactionFindingView[] };

const zeroKinds = () => Object.fromEntries(REDACTION_KINDS.map((k) => [k, 0])) as Record<RedactionKind, number>;
const kindOrder = new Map(REDACTION_KINDS.map((k, i) => [k, i]));
const decisionOf = (t: RedactionReviewTermView): RedactionDecisionFilter => t.decision ?? 'undecided';

/** "P07", the interview's participant code (the same as the Codes view and every export), "Report" for a quote. */
function labelFor(f: RedactionFindingView, numbers: ReadonlyMap<string, number>): string {
  if (f.interview_id === null) return 'Report';
  const n = numbers.get(f.interview_id);
  const name = n === undefined ? `Interview ${f.interview_id.slice(0, 8)}` : participantCode(n);
  return f.source === 'field' ? `${name} · participant’s ${f.at}` : name;
}

/** Two findings the review would show alike (a participant's name found in its field twice): one is enough. */
const samePlace = (a: RedactionFindingView, b: RedactionFindingView) =>
  a === b || (a.interview_id === b.interview_id && a.source === b.source && a.at === b.at && a.before === b.before && a.after === b.after);

/**
 * Every finding grouped by kind and term, with the decisions as they are now (a cached scan may predate them),
 * ordered by kind (participants first), then most found, then text. One pass over the findings; each group keeps
 * only its first few places, preferring different interviews.
 */
export function groupFindings(findings: readonly RedactionFindingView[], decisions: readonly RedactionDecisionView[]): Group[] {
  const decided = new Map(decisions.map((d) => [`${d.kind}\u0000${d.term}`, d.decision]));
  const groups = new Map<string, Group>();
  for (const f of findings) {
    const key = `${f.kind}\u0000${f.term}`;
    let g = groups.get(key);
    if (!g) {
      g = {
        kind: f.kind,
        term: f.term,
        text: f.text,
        suggested: f.suggested,
        count: 0,
        interviews: 0,
        decision: decided.get(key) ?? null,
        possible: true,
        reason: null,
        examples: [],
        ids: new Set(),
        first: [],
      };
      groups.set(key, g);
    }
    g.count++;
    // Possible while none of its findings is sure (term-outcome.ts); the first possible one's reason says why.
    if (f.confidence !== 'possible') g.possible = false;
    else if (g.reason === null) g.reason = f.reason;
    if (f.interview_id !== null && !g.ids.has(f.interview_id)) {
      g.ids.add(f.interview_id);
      // A first place in another interview says more than a second in the same one.
      if (g.first.length < EXAMPLES) g.first.push(f);
    } else if (f.interview_id === null && g.first.length < EXAMPLES && !g.first.some((e) => samePlace(e, f))) g.first.push(f);
  }
  // Topped up from other places when a term occurs in fewer interviews than EXAMPLES.
  if ([...groups.values()].some((g) => g.first.length < Math.min(EXAMPLES, g.count))) {
    for (const f of findings) {
      const g = groups.get(`${f.kind}\u0000${f.term}`)!;
      if (g.first.length < Math.min(EXAMPLES, g.count) && !g.first.some((e) => samePlace(e, f))) g.first.push(f);
    }
  }
  const list = [...groups.values()];
  for (const g of list) {
    g.interviews = g.ids.size;
    if (!g.possible) g.reason = null;
  }
  return list.sort(
    (a, b) => kindOrder.get(a.kind)! - kindOrder.get(b.kind)! || b.count - a.count || a.text.localeCompare(b.text) || a.term.localeCompare(b.term),
  );
}

const matchesQuery = (g: RedactionReviewTermView, q: string) => g.text.toLowerCase().includes(q) || g.term.includes(q) || g.suggested.toLowerCase().includes(q);

/** The groups each filter keeps: `kind`, `decision` and `query` (any case, in the text, term or pseudonym). */
export function filterGroups<T extends RedactionReviewTermView>(groups: readonly T[], filter: ReviewFilter, skip: keyof ReviewFilter | null = null): T[] {
  const q = filter.query?.trim().toLowerCase() ?? '';
  return groups.filter(
    (g) =>
      (skip === 'kind' || !filter.kind || g.kind === filter.kind) &&
      (skip === 'decision' || !filter.decision || decisionOf(g) === filter.decision) &&
      (skip === 'query' || !q || matchesQuery(g, q)) &&
      (skip === 'possible' || !filter.possible || g.possible),
  );
}

/**
 * Risk, for the possible terms: what identifies someone most if it is left in. A kind that names or pins down
 * one person (a name, an ID number, a date of birth, an address, a handle) before contact details and bare
 * numbers; within a kind, a term in more interviews first (one left in leaks from more files), then one said
 * more often, then by text.
 */
const RISK: readonly RedactionKind[] = ['participant', 'person', 'id', 'dob', 'address', 'handle', 'email', 'phone', 'postcode', 'url', 'custom', 'number'];
const riskOrder = new Map(RISK.map((k, i) => [k, i]));
export const byRisk = (a: RedactionReviewTermView, b: RedactionReviewTermView) =>
  riskOrder.get(a.kind)! - riskOrder.get(b.kind)! || b.interviews - a.interviews || b.count - a.count || a.text.localeCompare(b.text);

/** The review's page: `limit` terms from `offset` of those the filters keep, with counts for the filters themselves. */
export function reviewPage(
  scan: ReviewScan,
  decisions: readonly RedactionDecisionView[],
  numbers: ReadonlyMap<string, number>,
  filter: ReviewFilter & { offset: number; limit: number },
): RedactionReviewPage {
  const groups = groupFindings(scan.findings, decisions);
  const shown = filterGroups(groups, filter);
  if (filter.possible) shown.sort(byRisk);
  const counts_by_kind = zeroKinds();
  for (const g of filterGroups(groups, filter, 'kind')) counts_by_kind[g.kind]++;
  const counts_by_decision: Record<RedactionDecisionFilter, number> = { accept: 0, reject: 0, undecided: 0 };
  for (const g of filterGroups(groups, filter, 'decision')) counts_by_decision[decisionOf(g)]++;
  const possible = filterGroups(groups, filter, 'possible').filter((g) => g.possible).length;
  const withFindings = new Set<string>();
  for (const g of groups) for (const id of g.ids) withFindings.add(id);
  const terms = shown.slice(filter.offset, filter.offset + filter.limit).map((g): RedactionReviewTermView => ({
    kind: g.kind,
    term: g.term,
    text: g.text,
    suggested: g.suggested,
    count: g.count,
    interviews: g.interviews,
    decision: g.decision,
    possible: g.possible,
    reason: g.reason,
    examples: g.first.map((f): RedactionExampleView => ({
      interview_id: f.interview_id,
      interview_label: labelFor(f, numbers),
      start_ms: f.start_ms,
      source: f.source,
      at: f.at,
      before: f.before,
      text: f.text,
      after: f.after,
    })),
  }));
  return {
    terms,
    total_terms: shown.length,
    counts_by_kind,
    counts_by_decision,
    possible_terms: possible,
    all_terms: groups.length,
    interviews_with_findings: withFindings.size,
    interviews: scan.interviews,
    warning: scan.warning,
  };
}
