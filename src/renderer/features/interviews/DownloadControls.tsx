import { useEffect } from 'react';
import { ErrorNote } from '../../components/ErrorNote';
import { ProgressBar } from '../../components/ProgressBar';
import { useSettings, videoUsage } from '../settings/store';
import { projectJob, useDownloads } from './downloads-store';
import type { TabProps } from './tab-props';

export function DownloadAll({ workspace, project }: TabProps) {
  const job = useDownloads((s) => projectJob(s.jobs, workspace.id, project.id));
  const start = useDownloads((s) => s.start);
  const cancel = useDownloads((s) => s.cancel);
  const dismiss = useDownloads((s) => s.dismiss);
  if (job?.state === 'running') {
    return (
      <div className="iv-download-all" aria-label="Downloading all videos" role="group">
        <ProgressBar value={job.done} max={job.total ?? 0} label="Downloading all videos for offline" />
        <span className="num muted">{job.total === null ? 'Starting…' : `${job.done} of ${job.total} videos`}</span>
        <button type="button" className="btn btn-small" onClick={() => void cancel(job.jobId)}>
          Cancel
        </button>
      </div>
    );
  }
  const outcome =
    job?.state === 'done'
      ? (job.message ?? 'Every video is available offline.')
      : job?.state === 'cancelled'
        ? `Download cancelled after ${job.done} of ${job.total ?? '?'} videos. Those stay available offline.`
        : job?.state === 'failed'
          ? (job.message ?? 'The download failed.')
          : null;
  return (
    <div className="iv-download-all">
      <OfflineUsage workspaceId={workspace.id} />
      {job && outcome && (
        <p className={`iv-outcome ${job.state === 'failed' ? 'iv-outcome-failed' : ''}`} role="status">
          {outcome}
          <button type="button" className="btn btn-ghost btn-small" aria-label="Dismiss" onClick={() => dismiss(job.jobId)}>
            ✕
          </button>
        </p>
      )}
      <button type="button" className="btn btn-small" onClick={() => void start(workspace.id, { projectId: project.id })}>
        Download all for offline
      </button>
    </div>
  );
}

const mb = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${(bytes / 1024 ** 2).toFixed(bytes < 10 * 1024 ** 2 ? 1 : 0)} MB`;

/** How much of the offline-video quota is used, so "Download all" is not a surprise. */
function OfflineUsage({ workspaceId }: { workspaceId: string }) {
  const landed = useDownloads((s) => s.landed);
  // The same measurement as Settings shows (the settings store keeps it per workspace); re-measured as videos land.
  const usage = useSettings((s) => videoUsage(s, workspaceId).usage);
  const loadUsage = useSettings((s) => s.loadUsage);
  useEffect(() => {
    void loadUsage(workspaceId);
  }, [workspaceId, landed, loadUsage]);
  if (!usage) return null;
  return (
    <span className="iv-usage muted num" title="Offline videos use this much of the quota set in Settings">
      {mb(usage.bytes)} of {mb(usage.quota)} used
    </span>
  );
}

/** A download that could not start, and single downloads that failed: said next to the table, dismissable. */
export function DownloadError({ workspace, project }: TabProps) {
  const error = useDownloads((s) => s.error);
  const jobs = useDownloads((s) => s.jobs);
  const dismiss = useDownloads((s) => s.dismiss);
  const start = useDownloads((s) => s.start);
  const failed = Object.values(jobs).filter(
    (j) => j.workspaceId === workspace.id && j.projectId === project.id && j.interviewId !== null && j.state === 'failed',
  );
  return (
    <>
      {error && <ErrorNote error={error} />}
      {failed.map((j) => (
        <div key={j.jobId} className="error-note iv-download-failed" role="alert">
          <p>
            {j.label ? `${j.label}'s video` : 'A video'} could not be downloaded for offline use. {j.message ?? 'Try again later.'}
          </p>
          <span className="row-8">
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                dismiss(j.jobId);
                void start(workspace.id, { projectId: project.id, interviewId: j.interviewId!, ...(j.label ? { label: j.label } : {}) });
              }}
            >
              Try again
            </button>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => dismiss(j.jobId)}>
              Dismiss
            </button>
          </span>
        </div>
      ))}
    </>
  );
}
