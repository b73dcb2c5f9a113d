import { AI_REPORT_CODER, coderLabel } from '../../../shared/analysis/codebook';
import { agreementByCode, compareCodeNames, type CodeAgreement, type Coding, type Disagreement } from '../../../shared/analysis/turn-units';
import type { AgreementCoderView, AgreementView, CodeAgreementView } from '../../../shared/ipc/channels/agreement';
import { alignTurns } from '../../../shared/question-alignment';
import type { Cache } from '../../cache/cache';
import type { CodedSegment } from '../../cache/queries/coding';
import { AppError } from '../../errors';

/**
 * Agreement between two coders of a study (issue 13 §3), read from the offline cache: the researcher
 * (segments with no coder), "AI report" (the report's themes as codes) and any imported coder. The
 * statistics are the shared turn-unit ones (turn-units.ts), so the app and the CLI give the same numbers.
 */

/** How the researcher's codings are told apart from named coders inside the comparison (highlights store null). */
const RESEARCHER = '\u0000researcher';
const key = (coder: string | null) => coder ?? RESEARCHER;
/** Disagreements listed per code; the count says how many there are in all. */
const MAX_LISTED = 500;

type Deps = { cache: Pick<Cache, 'call'>; researcherName: () => string };

/**
 * The coder a name means: the researcher for their name (from the settings), "you" or "me"; else a coder
 * whose name matches, ignoring case. Unknown names are a usage error that lists the known ones.
 */
export function resolveCoder(name: string, coders: readonly AgreementCoderView[], researcherName: string): string | null {
  const wanted = name.trim().toLowerCase();
  const me = researcherName.trim().toLowerCase();
  if (wanted === 'you' || wanted === 'me' || (me !== '' && wanted === me)) return null;
  const found = coders.find((c) => c.coder !== null && c.coder.toLowerCase() === wanted);
  if (found) return found.coder;
  throw new AppError(
    'unknown_coder',
    `No coder "${name.trim()}" in this study. Known coders: ${coders.map((c) => `"${c.label}"`).join(', ')} (the researcher also as "you").`,
  );
}

export function agreementService(d: Deps) {
  return {
    coders: (projectId: string): Promise<AgreementCoderView[]> => listCoders(d, projectId),
    /** Resolves coder names as the CLI takes them (case-insensitive; "you"/"me" or the researcher's name for the researcher). */
    async resolve(projectId: string, names: readonly string[]): Promise<(string | null)[]> {
      const list = await listCoders(d, projectId);
      return names.map((n) => resolveCoder(n, list, d.researcherName()));
    },
    compare(projectId: string, coderA: string | null, coderB: string | null): Promise<AgreementView> {
      return compareCoders(d, projectId, coderA, coderB);
    },
  };
}

/** The researcher, "AI report" and every imported coder, with how many segments each has. */
async function listCoders(d: Deps, projectId: string): Promise<AgreementCoderView[]> {
  const researcher = d.researcherName();
  const found = await d.cache.call('highlights.coders', { projectId });
  const segmentsOf = (c: string | null) => found.find((f) => f.coder === c)?.segments ?? 0;
  const named = found.filter((f) => f.coder !== null && f.coder !== AI_REPORT_CODER).map((f) => f.coder!);
  return [null, AI_REPORT_CODER, ...named].map((c) => ({ coder: c, label: coderLabel(c, researcher), segments: segmentsOf(c) }));
}

type TurnLengths = { interview_id: string; participant_name: string | null; code: string; indexes: number[]; lengths: number[] };

async function compareCoders(d: Deps, projectId: string, coderA: string | null, coderB: string | null): Promise<AgreementView> {
  if (coderA === coderB) throw new AppError('invalid_input', 'Pick two different coders to compare.');
  const list = await listCoders(d, projectId);
  const view = (c: string | null): AgreementCoderView => list.find((x) => x.coder === c) ?? { coder: c, label: coderLabel(c, d.researcherName()), segments: 0 };

  const segments = await d.cache.call('coding.segments', { projectId, coders: [coderA, coderB] });
  const interviewIds = [...new Set(segments.map((h) => h.interview_id))];
  const turns = await d.cache.call('coding.turnLengths', { projectId, interviewIds });
  const result = agreementByCode({
    interviews: turns.map((t) => ({ interviewId: t.interview_id, turns: t.lengths })),
    codings: turnCodings(segments, turns),
    coderA: key(coderA),
    coderB: key(coderB),
  });
  const byId = new Map(turns.map((t) => [t.interview_id, t]));
  const codes = await codeViews(d, projectId, result, byId, new Map(segments.map((h) => [h.code_id, h.code])));
  const codedBy = new Map<string, number>();
  for (const h of segments) codedBy.set(h.interview_id, (codedBy.get(h.interview_id) ?? 0) | (h.coder === coderA ? 1 : 2));
  return {
    coder_a: view(coderA),
    coder_b: view(coderB),
    interviews: [...codedBy.entries()].filter(([id, b]) => b === 3 && byId.has(id)).length,
    excluded: [...codedBy.entries()]
      .filter(([id, b]) => b !== 3 && byId.has(id))
      .map(([id, b]) => ({ interview_id: id, participant_name: byId.get(id)!.participant_name, code: byId.get(id)!.code, coded_by: b === 1 ? 'A' : 'B' })),
    codes,
  };
}

/** Segments as turn-unit codings. */
function turnCodings(segments: readonly CodedSegment[], turns: readonly TurnLengths[]): Coding[] {
  // Highlights keep the service's turn index; the units are positions in the transcript (the same when the
  // service numbers turns from 0 without gaps, as it does).
  const position = new Map(turns.map((t) => [t.interview_id, new Map(t.indexes.map((x, i) => [x, i]))]));
  const at = (interviewId: string, index: number) => position.get(interviewId)?.get(index) ?? index;
  // Grouped by the codebook's id, never by name: two codes whose names differ only in case stay two codes.
  return segments.map((h) => ({
    interviewId: h.interview_id,
    code: h.code_id,
    coder: key(h.coder),
    startTurn: at(h.interview_id, h.start_turn),
    startChar: h.start_offset,
    endTurn: at(h.interview_id, h.end_turn),
    endChar: h.end_offset,
  }));
}

/** Each code's statistics and its listed disagreements, with the turns' words, times and guide questions. */
async function codeViews(
  d: Deps,
  projectId: string,
  result: CodeAgreement[],
  byId: Map<string, TurnLengths>,
  segmentNames: Map<string, string>,
): Promise<CodeAgreementView[]> {
  const listed = result.map((r) => r.disagreements.slice(0, MAX_LISTED));
  // The listed turns' words and times, read once for all codes.
  const wanted = new Map<string, { interview_id: string; index: number }>();
  for (const list of listed)
    for (const x of list) {
      const index = byId.get(x.interviewId)!.indexes[x.turnIndex]!;
      wanted.set(`${x.interviewId}#${index}`, { interview_id: x.interviewId, index });
    }
  const texts = new Map((await d.cache.call('coding.turnsAt', { turns: [...wanted.values()] })).map((t) => [`${t.interview_id}#${t.index}`, t]));
  const codebook = new Map((await d.cache.call('codes.list', { projectId })).map((c) => [c.id, c]));
  const nameOf = (codeId: string) => codebook.get(codeId)?.name ?? segmentNames.get(codeId) ?? codeId;
  const questionOf = await questionLookup(d, projectId, [...new Set([...wanted.values()].map((w) => w.interview_id))]);
  const disagreementView = (x: Disagreement): CodeAgreementView['disagreements'][number] => {
    const t = byId.get(x.interviewId)!;
    const index = t.indexes[x.turnIndex]!;
    const turn = texts.get(`${x.interviewId}#${index}`);
    return {
      interview_id: x.interviewId,
      participant_name: t.participant_name,
      code: t.code,
      turn_index: index,
      start_ms: turn?.start_ms ?? null,
      question: questionOf(x.interviewId, x.turnIndex),
      role: turn?.role ?? '',
      text: turn?.text ?? '',
      applied_by: x.a ? 'A' : 'B',
    };
  };
  const views = result.map((r, k) => ({
    code_id: r.code,
    code: nameOf(r.code),
    color: codebook.get(r.code)?.color ?? null,
    units: r.units,
    percent: r.percent,
    kappa: r.kappa,
    alpha: r.alpha,
    disagreement_count: r.disagreements.length,
    disagreements: listed[k]!.map(disagreementView),
  }));
  // In the codebook's names' order, as the comparison lists codes when it groups them by name.
  return views.sort((x, y) => compareCodeNames(x.code, y.code) || compareCodeNames(x.code_id, y.code_id));
}
export type AgreementService = ReturnType<typeof agreementService>;

/**
 * The guide question a turn answers, when the study's guide is known here: each of these interviews' turns
 * aligned to the guide once (only the interviews with a disagreement to show are read).
 */
async function questionLookup(d: Deps, projectId: string, interviewIds: string[]): Promise<(interviewId: string, position: number) => string | null> {
  const project = await d.cache.call('projects.get', { id: projectId });
  const questions = (project?.guide?.questions ?? []).map((q) => q.question).filter((q) => q.trim() !== '');
  if (questions.length === 0 || interviewIds.length === 0) return () => null;
  const aligned = new Map(
    (await d.cache.call('coding.transcripts', { projectId, interviewIds })).map((t) => [
      t.interview_id,
      alignTurns(t.turns, questions, { ordered: true }).turns.map((x) => x.question),
    ]),
  );
  return (interviewId, position) => {
    const q = aligned.get(interviewId)?.[position];
    return q === null || q === undefined ? null : (questions[q] ?? null);
  };
}
