import { useEffect, useRef, useState } from 'react';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { ProgressBar } from '../../components/ProgressBar';
import { api, call, UiError } from '../../lib/api';

type State =
  { kind: 'idle' } | { kind: 'running'; jobId: string | null; done: number; total: number | null } | { kind: 'saved' } | { kind: 'error'; message: string };

/**
 * Saves this interview's video on this computer, so it plays without the service. The download runs in
 * main and carries on if the researcher leaves the viewer; here it shows progress and can be cancelled.
 */
export function SaveOffline({
  workspace,
  interviewId,
  saved,
  hasVideo,
}: {
  workspace: WorkspaceSummary;
  interviewId: string;
  saved: boolean;
  hasVideo: boolean;
}) {
  const [state, setState] = useState<State>(saved ? { kind: 'saved' } : { kind: 'idle' });
  const job = useRef<string | null>(null);

  useEffect(
    () =>
      api().events.on('videos.progress', (p) => {
        if (p.workspace_id !== workspace.id || p.interview_id !== interviewId || (job.current && p.job_id !== job.current)) return;
        if (p.state === 'running') setState({ kind: 'running', jobId: p.job_id, done: p.done, total: p.total });
        else if (p.state === 'done') setState({ kind: 'saved' });
        else if (p.state === 'cancelled') setState({ kind: 'idle' });
        else setState({ kind: 'error', message: p.message ?? 'The download failed. Check your connection and try again.' });
      }),
    [workspace.id, interviewId],
  );

  const start = async () => {
    setState({ kind: 'running', jobId: null, done: 0, total: null });
    try {
      const { job_id } = await call(api().videos.download({ workspace_id: workspace.id, interview_id: interviewId }));
      job.current = job_id;
      setState((s) => (s.kind === 'running' ? { ...s, jobId: job_id } : s));
    } catch (e) {
      setState({ kind: 'error', message: UiError.from(e).message });
    }
  };
  const cancel = async () => {
    if (job.current) await call(api().videos.cancel({ job_id: job.current })).catch(() => undefined);
  };

  if (!hasVideo) return null;
  if (state.kind === 'saved') return <span className="source-badge is-local">Saved on this computer</span>;
  if (state.kind === 'running')
    return (
      <span className="save-offline" role="status">
        <span className="muted">Saving for offline…</span>
        <ProgressBar value={state.done} max={state.total ?? 0} label="Saving the video for offline" />
        <button type="button" className="btn btn-small btn-ghost" onClick={() => void cancel()} disabled={!state.jobId}>
          Cancel
        </button>
      </span>
    );
  return (
    <span className="save-offline">
      <button type="button" className="btn btn-small" onClick={() => void start()} title="Keep a copy of this video on this computer so it plays offline">
        <span aria-hidden="true">⤓</span> Save for offline
      </button>
      {state.kind === 'error' && (
        <span className="save-offline-error" role="alert">
          {state.message}
        </span>
      )}
    </span>
  );
}
