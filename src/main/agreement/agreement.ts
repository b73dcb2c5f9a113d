import { AI_REPORT_CODER, coderLabel } from '../../shared/analysis/codebook';
import { agreementByCode, type Coding } from '../../shared/analysis/turn-units';
import type { AgreementCoderView, AgreementView, CodeAgreementView } from '../../shared/ipc/channels/agreement';
import { alignTurns } from '../../shared/question-alignment';
import type { Cache } from '../cache/cache';
import type { CodingTranscript } from '../cache/queries/coding';
import { AppError } from '../errors';

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
  const coders = async (projectId: string): Promise<AgreementCoderView[]> => {
    const researcher = d.researcherName();
    const found = await d.cache.call('highlights.coders', { projectId });
    const segmentsOf = (c: string | null) => found.find((f) => f.coder === c)?.segments ?? 0;
    const named = found.filter((f) => f.coder !== null && f.coder !== AI_REPORT_CODER).map((f) => f.coder!);
    return [null, AI_REPORT_CODER, ...named].map((c) => ({ coder: c, label: coderLabel(c, researcher), segments: segmentsOf(c) }));
  };

  return {
    coders,
    /** Resolves coder names as the CLI takes them (case-insensitive; "you"/"me" or the researcher's name for the researcher). */
    async resolve(projectId: string, names: readonly string[]): Promise<(string | null)[]> {
      const list = await coders(projectId);
      return names.map((n) => resolveCoder(n, list, d.researcherName()));
    },
    async compare(projectId: string, coderA: string | null, coderB: string | null): Promise<AgreementView> {
      if (coderA === coderB) throw new AppError('invalid_input', 'Pick two different coders to compare.');
      const list = await coders(projectId);
      const view = (c: string | null): AgreementCoderView =>
        list.find((x) => x.coder === c) ?? { coder: c, label: coderLabel(c, d.researcherName()), segments: 0 };

      const segments = (await d.cache.call('highlights.list', { projectId })).filter((h) => h.coder === coderA || h.coder === coderB);
      const interviewIds = [...new Set(segments.map((h) => h.interview_id))];
      const transcripts = await d.cache.call('coding.transcripts', { projectId, interviewIds });
      // Highlights keep the service's turn index; the units are positions in the transcript (the same when the
      // service numbers turns from 0 without gaps, as it does).
      const position = new Map(transcripts.map((t) => [t.interview_id, new Map(t.turns.map((x, i) => [x.index, i]))]));
      const at = (interviewId: string, index: number) => position.get(interviewId)?.get(index) ?? index;
      const codings: Coding[] = segments.flatMap((h) =>
        h.codes.map((c) => ({
          interviewId: h.interview_id,
          code: c.name,
          coder: key(h.coder),
          startTurn: at(h.interview_id, h.start_turn),
          startChar: h.start_offset,
          endTurn: at(h.interview_id, h.end_turn),
          endChar: h.end_offset,
        })),
      );
      const result = agreementByCode({
        interviews: transcripts.map((t) => ({ interviewId: t.interview_id, turns: t.turns.map((x) => x.text.length) })),
        codings,
        coderA: key(coderA),
        coderB: key(coderB),
      });

      const byId = new Map(transcripts.map((t) => [t.interview_id, t]));
      const colours = new Map((await d.cache.call('codes.list', { projectId })).map((c) => [c.name.toLowerCase(), c.color]));
      const questionsOf = await questionLookup(d, projectId);
      const codedBy = new Map<string, number>();
      for (const h of segments) codedBy.set(h.interview_id, (codedBy.get(h.interview_id) ?? 0) | (h.coder === coderA ? 1 : 2));
      const compared = [...codedBy.entries()].filter(([id, b]) => b === 3 && byId.has(id)).length;

      const codes: CodeAgreementView[] = result.map((r) => ({
        code: r.code,
        color: colours.get(r.code.toLowerCase()) ?? null,
        units: r.units,
        percent: r.percent,
        kappa: r.kappa,
        alpha: r.alpha,
        disagreement_count: r.disagreements.length,
        disagreements: r.disagreements.slice(0, MAX_LISTED).map((x) => {
          const t = byId.get(x.interviewId)!;
          const turn = t.turns[x.turnIndex]!;
          return {
            interview_id: x.interviewId,
            participant_name: t.participant_name,
            turn_index: turn.index,
            start_ms: turn.start_ms,
            question: questionsOf(t, x.turnIndex),
            role: turn.role,
            text: turn.text,
            applied_by: x.a ? 'A' : 'B',
          };
        }),
      }));
      return {
        coder_a: view(coderA),
        coder_b: view(coderB),
        interviews: compared,
        excluded: [...codedBy.entries()]
          .filter(([id, b]) => b !== 3 && byId.has(id))
          .map(([id, b]) => ({ interview_id: id, participant_name: byId.get(id)!.participant_name, coded_by: b === 1 ? 'A' : 'B' })),
        codes,
      };
    },
  };
}
export type AgreementService = ReturnType<typeof agreementService>;

/** The guide question a turn answers, when the study's guide is known here; aligned once per interview. */
async function questionLookup(d: Deps, projectId: string): Promise<(t: CodingTranscript, position: number) => string | null> {
  const project = await d.cache.call('projects.get', { id: projectId });
  const questions = (project?.guide?.questions ?? []).map((q) => q.question).filter((q) => q.trim() !== '');
  if (questions.length === 0) return () => null;
  const aligned = new Map<string, (number | null)[]>();
  return (t, position) => {
    let a = aligned.get(t.interview_id);
    if (!a) {
      a = alignTurns(t.turns, questions, { ordered: true }).turns.map((x) => x.question);
      aligned.set(t.interview_id, a);
    }
    const q = a[position];
    return q === null || q === undefined ? null : (questions[q] ?? null);
  };
}
