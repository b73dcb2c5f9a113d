import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ProjectDetail } from '../../../shared/views';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { Dialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/ErrorNote';
import { useProject } from '../project/store';
import { elapsed, formatDateTime } from '../../lib/timecode';
import { ReportVersions } from './ReportVersions';
import { ThemeChart } from './ThemeChart';
import { ThemesToCodesButton, ThemesToCodesOutcome } from './ThemesToCodes';
import { reportSlice, useReports } from './store';
import './report.css';

export type TabProps = { workspace: WorkspaceSummary; project: ProjectDetail };

/** How often the tab re-reads main's poll record while a report generates (a cache read, not a request). */
const RECHECK_MS = 5_000;

/**
 * The study's AI report. Generation runs in main (the poller keeps checking across navigation and
 * restarts), so this tab only shows the state main holds: it can be left and reopened at any time.
 */
export function ReportTab({ workspace, project }: TabProps) {
  const ws = workspace.id;
  const pid = project.id;
  const slice = useReports((s) => reportSlice(s, ws, pid));
  const loadPoll = useReports((s) => s.loadPoll);
  const start = useReports((s) => s.start);
  const loadProject = useProject((s) => s.load);
  const refreshProject = useProject((s) => s.refresh);
  const completed = useCompletedCount(ws, project);
  const [confirming, setConfirming] = useState(false);
  const [checking, setChecking] = useState(false);
  const [showVersions, setShowVersions] = useState(false);
  const reasonId = useId();
  const versionsId = useId();

  useEffect(() => {
    void loadPoll(ws, pid);
  }, [ws, pid, loadPoll]);

  const report = project.report;
  const polling = slice.poll?.state === 'polling';
  // A sync can also find a report still generating (started on another computer, or past the poll deadline).
  const processing = polling || slice.starting || report?.status === 'PROCESSING';

  useEffect(() => {
    if (!polling) return;
    const h = setInterval(() => {
      void (async () => {
        await loadPoll(ws, pid);
        if (reportSlice(useReports.getState(), ws, pid).poll?.state !== 'polling') await loadProject(ws, pid);
      })();
    }, RECHECK_MS);
    return () => clearInterval(h);
  }, [polling, ws, pid, loadPoll, loadProject]);

  const canGenerate = (completed ?? 0) > 0 || project.recruiting.completed_participants > 0;
  const hasReport = report !== null && report.status !== 'PROCESSING';
  const generate = () => {
    setConfirming(false);
    void start(ws, pid);
  };
  const checkNow = async () => {
    setChecking(true);
    await refreshProject(ws, pid);
    await loadPoll(ws, pid);
    setChecking(false);
  };

  const disabledReason = !canGenerate
    ? completed === null
      ? 'Checking for completed interviews…'
      : `A report needs at least one completed interview, and none of this study\u2019s interviews is complete yet. ${
          project.recruiting.has_launched
            ? 'Share the participant link to start collecting.'
            : 'Launch the study and share its participant link to start collecting.'
        }`
    : processing
      ? 'A report is being generated.'
      : null;

  return (
    <div className="report">
      <header className="report-head">
        <div className="report-head-text">
          <h2>Report</h2>
          {report?.status === 'COMPLETED' ? (
            <p className="muted num">
              {report.interviews_analysed ?? '—'} interview{report.interviews_analysed === 1 ? '' : 's'} analysed · generated{' '}
              {formatDateTime(report.generated_at ?? report.synced_at)}
            </p>
          ) : (
            <p className="muted">Themes, quotes and a summary across every completed interview, written by the service&rsquo;s AI.</p>
          )}
        </div>
        <div className="report-actions">
          {report?.status === 'COMPLETED' && (
            <>
              <button type="button" className="btn" aria-expanded={showVersions} aria-controls={versionsId} onClick={() => setShowVersions((v) => !v)}>
                Versions
              </button>
              <ThemesToCodesButton workspaceId={ws} projectId={pid} />
            </>
          )}
          {!(report?.status === 'FAILED' && !processing) && (
            <button
              type="button"
              className={hasReport ? 'btn' : 'btn btn-primary'}
              disabled={disabledReason !== null}
              aria-describedby={disabledReason ? reasonId : undefined}
              onClick={() => (hasReport ? setConfirming(true) : generate())}
            >
              {hasReport ? 'Regenerate' : 'Generate report'}
            </button>
          )}
        </div>
      </header>
      {disabledReason && !(report === null && !processing) && (
        <p id={reasonId} className={processing ? 'visually-hidden' : 'report-reason muted'}>
          {disabledReason}
        </p>
      )}

      {slice.error && <ErrorNote error={slice.error} onRetry={canGenerate ? () => void start(ws, pid) : undefined} />}
      {report?.status === 'COMPLETED' && <ThemesToCodesOutcome workspaceId={ws} projectId={pid} />}
      {report?.status === 'COMPLETED' && showVersions && (
        <div id={versionsId}>
          <ReportVersions workspaceId={ws} projectId={pid} reportId={report.report_id} />
        </div>
      )}

      {processing && (
        <Processing
          startedAt={polling ? (slice.poll?.started_at ?? null) : null}
          tracked={polling || slice.starting}
          lastError={slice.poll?.last_error ?? null}
          checking={checking}
          onCheck={() => void checkNow()}
          replacing={report?.status === 'COMPLETED'}
        />
      )}
      {!processing && slice.poll?.state === 'timed_out' && report?.status !== 'COMPLETED' && report?.status !== 'FAILED' && (
        <div className="report-note" role="status">
          <p>The report was still not ready when Fieldwork stopped checking. Check again to see whether the service has finished it.</p>
          <button type="button" className="btn btn-small" disabled={checking} onClick={() => void checkNow()}>
            {checking ? 'Checking…' : 'Check again'}
          </button>
        </div>
      )}

      {!processing && report?.status === 'FAILED' && (
        <div className="error-note report-failed" role="alert">
          <p>
            <strong>The report could not be generated.</strong> The service reported a failure while analysing the interviews. Nothing you collected is lost:
            try again, and if it keeps failing, try later.
          </p>
          {slice.poll?.last_error && <p className="muted">{slice.poll.last_error}</p>}
          <p>
            <button type="button" className="btn" onClick={generate} disabled={!canGenerate}>
              Retry
            </button>
          </p>
        </div>
      )}

      {report === null && !processing && (
        <div className="report-empty card">
          <h3>No report yet</h3>
          {project.unavailable.report && <p className="muted side-read-reason">When Fieldwork last synced: {project.unavailable.report}</p>}
          {disabledReason ? (
            <p id={reasonId} className="muted">
              {disabledReason}
            </p>
          ) : (
            <p className="muted">
              Generate a report to see the themes across the completed interviews, with quotes that open the moment they were said. It usually takes 1–3
              minutes.
            </p>
          )}
        </div>
      )}

      {report && !processing && !['COMPLETED', 'FAILED', 'PROCESSING'].includes(report.status) && (
        <div className="report-note" role="status">
          <p>
            The service answered with a report state Fieldwork does not recognise, so there is nothing to show yet. Sync again later, or regenerate the report.
          </p>
        </div>
      )}

      {report?.status === 'COMPLETED' && <ReportBody workspaceId={ws} project={project} dimmed={processing} />}

      {confirming && (
        <Dialog
          title="Regenerate the report?"
          onClose={() => setConfirming(false)}
          footer={
            <>
              <button type="button" className="btn" onClick={() => setConfirming(false)}>
                Keep current report
              </button>
              <button type="button" className="btn btn-primary" onClick={generate}>
                Replace report
              </button>
            </>
          }
        >
          <p>
            A new report analyses every completed interview ({Math.max(completed ?? 0, project.recruiting.completed_participants)} now) and{' '}
            <strong>replaces the current one</strong>, generated {formatDateTime(report?.generated_at ?? null)}, with its themes and quotes. It usually takes
            1–3 minutes; you can keep working meanwhile.
          </p>
        </Dialog>
      )}
    </div>
  );
}

function ReportBody({ workspaceId, project, dimmed }: { workspaceId: string; project: ProjectDetail; dimmed: boolean }) {
  const report = project.report!;
  const ref = useRef<HTMLDivElement>(null);
  const saveScroll = useReports((s) => s.saveScroll);
  const savedScroll = useReports((s) => s.savedScroll);
  const pid = project.id;
  const reportId = report.report_id;
  // Back from an interview opened on a quote, or from another tab: the report is where it was left. The
  // open themes and their quotes come from the store at once, so the page is as tall as before on the first paint.
  useLayoutEffect(() => {
    const scroller = ref.current?.closest('.content');
    if (!scroller) return;
    const top = savedScroll(workspaceId, pid, reportId);
    if (top > 0) scroller.scrollTop = top;
    const onScroll = () => saveScroll(workspaceId, pid, reportId, scroller.scrollTop);
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [workspaceId, pid, reportId, saveScroll, savedScroll]);
  const paragraphs = (report.summary ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div ref={ref} className={`report-body ${dimmed ? 'is-stale' : ''}`}>
      <section className="report-summary" aria-labelledby="report-summary-title">
        <h3 id="report-summary-title">Summary</h3>
        {paragraphs.length ? paragraphs.map((p, i) => <p key={i}>{p}</p>) : <p className="muted">The service returned no summary.</p>}
      </section>
      <ThemeChart workspaceId={workspaceId} projectId={pid} reportId={reportId} themes={report.themes} analysed={report.interviews_analysed} />
    </div>
  );
}

function Processing({
  startedAt,
  tracked,
  lastError,
  checking,
  onCheck,
  replacing,
}: {
  startedAt: string | null;
  tracked: boolean;
  lastError: string | null;
  checking: boolean;
  onCheck: () => void;
  replacing: boolean;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const h = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(h);
  }, []);
  return (
    <div className="report-processing card" role="status" aria-live="polite">
      <div className="report-processing-line">
        <span className="spinner" aria-hidden="true" />
        <strong>Generating the report…</strong>
        {startedAt && <span className="muted num">{elapsed(startedAt, now)} elapsed · usually 1–3 minutes</span>}
      </div>
      <div className="report-indeterminate" role="progressbar" aria-label="Report generation" aria-valuetext="In progress">
        <span />
      </div>
      {tracked ? (
        <p className="muted">
          You can leave this page or close Fieldwork: it keeps checking and tells you when the report is ready.
          {replacing ? ' The report below is the previous one until then.' : ''}
        </p>
      ) : (
        <p className="muted">
          The service is still generating this report.{' '}
          <button type="button" className="btn-link" disabled={checking} onClick={onCheck}>
            {checking ? 'Checking…' : 'Check now'}
          </button>
        </p>
      )}
      {lastError && <p className="muted">Last check: {lastError} Fieldwork will try again.</p>}
    </div>
  );
}

/** How many of the study's saved interviews are complete (the project summary may lag behind a sync). */
function useCompletedCount(workspaceId: string, project: ProjectDetail): number | null {
  const count = useReports((s) => reportSlice(s, workspaceId, project.id).completed);
  const countCompleted = useReports((s) => s.countCompleted);
  const opening = useRef(true);
  useEffect(() => {
    void countCompleted(workspaceId, project.id, project.recruiting.completed_participants, opening.current);
    opening.current = false;
  }, [workspaceId, project.id, project.recruiting.completed_participants, project.synced_at, countCompleted]);
  return count;
}
