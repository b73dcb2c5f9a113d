import { useEffect } from 'react';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { ProgressBar } from '../../components/ProgressBar';
import type { PlaybackState } from './playback-controller';
import { saveState, useViewer } from './store';

/**
 * Where this interview's video plays from, and saving it on this computer so it plays without the service.
 * One statement, so the two never disagree: main serves every request of the player from the saved copy
 * once it is complete (the player's address stays the same), so a saved video is never "Streaming", even
 * when playback began before the download finished. The download runs in main and carries on if the
 * researcher leaves the viewer; here it shows progress and can be cancelled.
 */
export function SaveOffline({
  workspace,
  interviewId,
  saved,
  hasVideo,
  playback,
}: {
  workspace: WorkspaceSummary;
  interviewId: string;
  saved: boolean;
  hasVideo: boolean;
  playback: PlaybackState;
}) {
  const state = useViewer((s) => saveState(s, workspace.id, interviewId, saved));
  const watchSave = useViewer((s) => s.watchSave);
  const startSave = useViewer((s) => s.startSave);
  const cancelSave = useViewer((s) => s.cancelSave);
  // `saved` is where the button starts when it appears; from then on the download's progress moves it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => watchSave(workspace.id, interviewId, saved), [workspace.id, interviewId, watchSave]);
  const start = () => startSave(workspace.id, interviewId);
  const cancel = () => cancelSave(workspace.id, interviewId);

  const local = state.kind === 'saved' || (playback.kind === 'ready' && playback.source === 'local');
  if (local)
    return (
      <span className="source-badge is-local" title="This video plays from the copy saved on this computer, also offline">
        Saved on this computer
      </span>
    );
  const streaming =
    playback.kind === 'ready' ? (
      <span className="source-badge" title="This video plays from the service; save it to watch it offline">
        Streaming
      </span>
    ) : null;
  if (!hasVideo) return streaming;
  if (state.kind === 'running')
    return (
      <span className="save-offline" role="status">
        {streaming}
        <span className="muted">Saving for offline…</span>
        <ProgressBar value={state.done} max={state.total ?? 0} label="Saving the video for offline" />
        <button type="button" className="btn btn-small btn-ghost" onClick={() => void cancel()} disabled={!state.jobId}>
          Cancel
        </button>
      </span>
    );
  return (
    <span className="save-offline">
      {streaming}
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
