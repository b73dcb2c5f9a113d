import { Fragment, useEffect, useId, useState } from 'react';
import { AI_REPORT_CODER } from '../../../shared/analysis/codebook';
import type { Statistic } from '../../../shared/analysis/agreement-stats';
import type { AgreementView as Result, CodeAgreementView } from '../../../shared/ipc/channels/agreement';
import { participantLabel } from '../../../shared/participant-code';
import { openInterview } from '../../app/nav-store';
import { ErrorNote } from '../../components/ErrorNote';
import { timecode } from '../../lib/timecode';
import type { TabProps } from '../interviews/InterviewsTab';
import { ThemesToCodesButton, ThemesToCodesOutcome } from '../report/ThemesToCodes';
import { agreementOf, coderValue, useAgreement } from './store';
import './agreement.css';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** Named as the Interviews list names it: "Name (P07)", the code alone without a name. */
const who = (d: { participant_name: string | null; code: string }) => participantLabel(d.code, d.participant_name) || 'Unnamed participant';
const pct = (s: Statistic) => (s.value === null ? '—' : `${s.value.toFixed(1)}%`);
const coef = (s: Statistic) => (s.value === null ? '—' : s.value.toFixed(2));

/**
 * Agreement between two coders, per code (issue 13 §3): by default the researcher against the AI report's
 * themes, so the researcher can check the AI's reading against their own. The unit is a transcript turn.
 */
export function AgreementView({ workspace, project }: TabProps) {
  const ws = workspace.id;
  const pid = project.id;
  const slice = useAgreement((s) => agreementOf(s, ws, pid));
  const load = useAgreement((s) => s.load);
  const pick = useAgreement((s) => s.pick);
  const themesToCodes = useAgreement((s) => s.themesToCodes);
  const aId = useId();
  const bId = useId();
  useEffect(() => {
    void load(ws, pid);
  }, [ws, pid, load]);

  const coders = slice.coders ?? [];
  const r = slice.result;
  const labelOf = (v: string) => coders.find((c) => coderValue(c.coder) === v)?.label ?? (v || 'You');
  const aiCodings = coders.find((c) => c.coder === AI_REPORT_CODER)?.segments ?? 0;
  const hasReport = project.report?.status === 'COMPLETED';
  const empty = r !== null && (r.interviews === 0 || r.codes.length === 0);

  return (
    <div className="agr" aria-busy={slice.loading}>
      <header className="agr-head">
        <div className="agr-intro">
          <h2>Agreement</h2>
          <p className="muted">
            Per code, how often two coders applied it to the same transcript turns, over every turn of the interviews both coded: percent agreement,
            Cohen&rsquo;s κ and Krippendorff&rsquo;s α.
          </p>
        </div>
        <div className="agr-pickers">
          <label htmlFor={aId}>Coder A</label>
          <select className="input" id={aId} value={slice.a} onChange={(e) => void pick(ws, pid, 'a', e.target.value)}>
            {coders.map((c) => (
              <option key={coderValue(c.coder)} value={coderValue(c.coder)}>
                {c.label} ({plural(c.segments, 'segment')})
              </option>
            ))}
          </select>
          <label htmlFor={bId}>Coder B</label>
          <select className="input" id={bId} value={slice.b} onChange={(e) => void pick(ws, pid, 'b', e.target.value)}>
            {coders.map((c) => (
              <option key={coderValue(c.coder)} value={coderValue(c.coder)}>
                {c.label} ({plural(c.segments, 'segment')})
              </option>
            ))}
          </select>
        </div>
      </header>

      {slice.error && <ErrorNote error={slice.error} onRetry={() => void load(ws, pid)} />}
      {slice.a === slice.b && <p className="agr-note muted">Pick two different coders to compare.</p>}
      {slice.coders === null && !slice.error && <p className="muted">Reading the codings…</p>}

      {empty && (
        <div className="agr-empty card">
          <h3>Nothing to compare yet</h3>
          <p className="muted">{emptyReason(r, slice.a, slice.b, labelOf, aiCodings)}</p>
          {hasReport ? (
            <>
              <p className="muted">
                Turn the report&rsquo;s themes into codes: each theme becomes a code, and each of its quotes a coding by &ldquo;AI report&rdquo; on the words
                quoted. Then code the same interviews yourself (select words in a transcript and press C) and compare.
              </p>
              <div>
                <ThemesToCodesButton workspaceId={ws} projectId={pid} primary={aiCodings === 0} onRun={() => void themesToCodes(ws, pid)} />
              </div>
            </>
          ) : (
            <p className="muted">This study has no finished report, so there are no AI report codings to compare with yet.</p>
          )}
          <ThemesToCodesOutcome workspaceId={ws} projectId={pid} />
        </div>
      )}

      {r && !empty && (
        <>
          <p className="agr-scope">
            <strong>{r.coder_a.label}</strong> (A) against <strong>{r.coder_b.label}</strong> (B): {plural(r.interviews, 'interview')} coded by both
            {r.excluded.length > 0
              ? `; ${plural(r.excluded.length, 'interview')} coded by only one of them ${r.excluded.length === 1 ? 'is' : 'are'} left out`
              : ''}
            .
          </p>
          <div className="agr-table-wrap">
            <AgreementTable result={r} projectId={pid} />
          </div>
        </>
      )}
    </div>
  );
}

function emptyReason(r: Result | null, a: string, b: string, labelOf: (v: string) => string, aiCodings: number): string {
  if (!r) return '';
  if ((a === AI_REPORT_CODER || b === AI_REPORT_CODER) && aiCodings === 0) return 'The AI report has no codings in this study yet.';
  const none = [r.coder_a, r.coder_b].find((c) => c.segments === 0);
  if (none) return `${none.label} ${none.coder === null ? 'have' : 'has'} not coded any segment in this study yet.`;
  return `No interview was coded by both ${labelOf(a)} and ${labelOf(b)}; agreement compares the turns of interviews both coded.`;
}

/**
 * Why statistics are "—", said once: κ and α are undefined for the same want of variation, so where both
 * are, their shared cause is given with both symbols rather than two near-identical sentences.
 */
function reasonsOf(c: CodeAgreementView): string[] {
  const { kappa, alpha, percent } = c;
  if (percent.reason) return [percent.reason];
  if (kappa.reason && alpha.reason) {
    const cause = kappa.reason.split(', so ')[0]!;
    if (cause !== kappa.reason && alpha.reason.startsWith(cause)) return [`${cause}, so there is no variation to agree on: κ and α are undefined.`];
  }
  return [kappa.reason, alpha.reason].filter((x): x is string => x !== null);
}

function AgreementTable({ result, projectId }: { result: Result; projectId: string }) {
  const [open, setOpen] = useState<string[]>([]);
  const toggle = (code: string) => setOpen((o) => (o.includes(code) ? o.filter((c) => c !== code) : [...o, code]));
  return (
    <table className="agr-table">
      <caption className="visually-hidden">
        Agreement per code between {result.coder_a.label} and {result.coder_b.label}
      </caption>
      <thead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col" className="num">
            Turns compared
          </th>
          <th scope="col" className="num">
            Agreement
          </th>
          <th scope="col" className="num">
            Cohen&rsquo;s κ
          </th>
          <th scope="col" className="num">
            Krippendorff&rsquo;s α
          </th>
          <th scope="col">Disagreements</th>
        </tr>
      </thead>
      <tbody>
        {result.codes.map((c) => {
          const reasons = reasonsOf(c);
          const expanded = open.includes(c.code_id);
          // From the code's id: names such as "Price!" and "Price?" would share an element id.
          const listId = `agr-dis-${c.code_id.replace(/[^a-zA-Z0-9_-]+/g, '-')}`;
          return (
            <Fragment key={c.code_id}>
              <tr className="agr-row">
                <th scope="row">
                  <span className="agr-swatch" style={{ background: c.color ?? 'var(--border-strong)' }} aria-hidden="true" />
                  {c.code}
                </th>
                <td className="num">{c.units}</td>
                <td className="num">{pct(c.percent)}</td>
                <td className="num">{coef(c.kappa)}</td>
                <td className="num">{coef(c.alpha)}</td>
                <td>
                  {c.disagreement_count === 0 ? (
                    <span className="muted">None</span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-expanded={expanded}
                      aria-controls={listId}
                      aria-label={`${expanded ? 'Hide' : 'Show'} the ${plural(c.disagreement_count, 'disagreement')} on ${c.code}`}
                      onClick={() => toggle(c.code_id)}
                    >
                      {`${c.disagreement_count} ${expanded ? '▴' : '▾'}`}
                    </button>
                  )}
                </td>
              </tr>
              {reasons.length > 0 && (
                <tr className="agr-reason">
                  <td colSpan={6} className="muted">
                    — {reasons.join(' ')}
                  </td>
                </tr>
              )}
              {expanded && (
                <tr className="agr-dis-row">
                  <td colSpan={6}>
                    <Disagreements id={listId} projectId={projectId} code={c} a={result.coder_a.label} b={result.coder_b.label} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}

function Disagreements({ id, projectId, code, a, b }: { id: string; projectId: string; code: CodeAgreementView; a: string; b: string }) {
  return (
    <div id={id}>
      <ol className="agr-dis" aria-label={`Disagreements on ${code.code}`}>
        {code.disagreements.map((d) => {
          const time = d.start_ms === null ? 'time unknown' : timecode(d.start_ms);
          return (
            <li key={`${d.interview_id}#${d.turn_index}`} className="agr-dis-item">
              <div className="agr-dis-meta">
                <strong>{who(d)}</strong>
                {d.question && <span className="muted"> · {d.question}</span>}
                <span className="agr-dis-by"> · applied by {d.applied_by === 'A' ? a : b} only</span>
              </div>
              <p className="agr-dis-text">{d.text}</p>
              <button
                type="button"
                className="btn btn-small num"
                aria-label={`▶ ${who(d)} at ${time}, open the interview at this turn`}
                onClick={() => openInterview(projectId, d.interview_id, d.start_ms)}
              >
                ▶ {time}
              </button>
            </li>
          );
        })}
      </ol>
      {code.disagreement_count > code.disagreements.length && (
        <p className="muted">
          The first {code.disagreements.length} of {code.disagreement_count} are listed.
        </p>
      )}
    </div>
  );
}
