import { useEffect, useId, useState } from 'react';
import type { ReelDetailView, ReelView } from '../../../shared/ipc/channels/reels';
import { ErrorNote } from '../../components/ErrorNote';
import { timecode } from '../../lib/timecode';
import type { TabProps } from '../interviews/InterviewsTab';
import { openClipExport } from '../clips/store';
import { useReels } from './store';
import { ClipList } from './ReelClipList';
import { DeleteDialog, NameDialog, PickerDialog } from './ReelDialogs';
import { clips } from './reel-text';
import '../codes/codes.css';
import '../highlights/highlights.css';
import './reels.css';

/**
 * The study's hand-picked reels: their list (new, rename, delete), and the open reel's clips in order, each
 * with its words, who said them, when and its codes; reordered by drag, by Move up/down or Alt+↑/↓ on the
 * focused clip (each move announced), removed, added from the study's highlights, and handed to the clip export.
 */
export function ReelsView({ workspace, project }: TabProps) {
  const open = useReels((s) => s.open);
  const status = useReels((s) => s.status);
  const error = useReels((s) => s.error);
  const reels = useReels((s) => s.reels);
  const selectedId = useReels((s) => s.selectedId);
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    void open({ workspaceId: workspace.id, projectId: project.id });
  }, [open, workspace.id, project.id]);

  if (status === 'loading' && reels.length === 0)
    return (
      <p className="empty" role="status">
        <span className="spinner" aria-hidden="true" /> Loading reels…
      </p>
    );
  if (status === 'error' && error) return <ErrorNote error={error} onRetry={() => void useReels.getState().reload()} />;
  const selected = reels.find((r) => r.id === selectedId) ?? null;
  return (
    <div className="cd-view">
      <nav className="cd-book" aria-label="Reels">
        <div className="cd-book-head">
          <h2 className="cd-book-title">
            Reels <span className="num muted">{reels.length}</span>
          </h2>
          <div className="row-8">
            <button type="button" className="btn btn-small btn-primary" onClick={() => setCreating(true)}>
              New reel
            </button>
          </div>
        </div>
        <ul className="cd-list">
          {reels.map((r) => (
            <ReelRow key={r.id} reel={r} />
          ))}
        </ul>
      </nav>
      <div className="cd-main">
        {selected ? (
          <ReelDetail key={selected.id} reel={selected} projectId={project.id} workspaceId={workspace.id} />
        ) : (
          <div className="empty cd-empty">
            <p>
              No reels in this study yet. A reel is clips you pick from any interview, in the order you choose, to show or export together. Start one with{' '}
              <strong>New reel</strong>, or use <strong>Add to reel…</strong> on any highlight.
            </p>
          </div>
        )}
      </div>
      {creating && <NameDialog onClose={() => setCreating(false)} />}
    </div>
  );
}

function ReelRow({ reel }: { reel: ReelView }) {
  const selected = useReels((s) => s.selectedId === reel.id);
  const select = useReels((s) => s.select);
  return (
    <li>
      <button
        type="button"
        className="cd-row"
        aria-current={selected ? 'true' : undefined}
        aria-label={`${reel.name}, ${clips(reel.clips)}`}
        onClick={() => void select(reel.id)}
      >
        <span className="cd-row-name">{reel.name}</span>
        <span className="cd-row-counts num muted" aria-hidden="true">
          {reel.clips}
        </span>
      </button>
    </li>
  );
}

function ReelDetail({ reel, workspaceId, projectId }: { reel: ReelView; workspaceId: string; projectId: string }) {
  const detail = useReels((s) => (s.detail?.reel.id === reel.id ? s.detail : null));
  const detailStatus = useReels((s) => s.detailStatus);
  const detailError = useReels((s) => s.detailError);
  const announcement = useReels((s) => s.announcement);
  const [dialog, setDialog] = useState<'rename' | 'delete' | 'add' | null>(null);
  const canExport = (detail?.items.length ?? 0) > 0;
  const exportId = useId();
  const doExport = () => {
    if (!canExport || !detail) return;
    const ids = detail.items.map((i) => i.highlight_id);
    // The reel's own order: the clip export cuts and joins them as listed.
    openClipExport({ selection: { kind: 'highlights', ids }, title: reel.name, projectId });
  };

  return (
    <section className="rl-detail" aria-labelledby="rl-title">
      <header className="rl-head">
        <div className="rl-head-text">
          <h2 id="rl-title" className="rl-title">
            {reel.name}
          </h2>
          <p className="muted num rl-meta">
            {clips(reel.clips)}
            {detail && detail.items.length > 0 && (
              <>
                {' · '}
                <span title="The sum of the clips’ spans, from each one’s first word to the end of its last turn">{timecode(detail.total_ms)} total</span>
                {detail.untimed > 0 && ` (${clips(detail.untimed)} with no known time left out)`}
              </>
            )}
          </p>
        </div>
        <div className="rl-actions">
          <button type="button" className="btn btn-small btn-primary" onClick={() => setDialog('add')}>
            Add from highlights…
          </button>
          <button
            type="button"
            className="btn btn-small"
            aria-disabled={canExport ? undefined : true}
            aria-describedby={canExport ? undefined : exportId}
            title={canExport ? undefined : exportReason(detail)}
            onClick={doExport}
          >
            Export reel…
          </button>
          {!canExport && (
            <span id={exportId} className="visually-hidden">
              {exportReason(detail)}
            </span>
          )}
          <button type="button" className="btn btn-small btn-ghost" onClick={() => setDialog('rename')}>
            Rename…
          </button>
          <button type="button" className="btn btn-small btn-ghost rl-delete" onClick={() => setDialog('delete')}>
            Delete…
          </button>
        </div>
      </header>
      <p className="rl-status muted" role="status" aria-live="polite">
        {announcement}
      </p>
      {detailError && <ErrorNote error={detailError} onRetry={() => void useReels.getState().select(reel.id)} />}
      {!detail && detailStatus === 'loading' && (
        <p className="empty" role="status">
          <span className="spinner" aria-hidden="true" /> Loading the reel…
        </p>
      )}
      {detail && detail.items.length === 0 && (
        <div className="empty cd-empty">
          <p>
            This reel has no clips yet. Use <strong>Add from highlights…</strong>, or <strong>Add to reel…</strong> on a highlight.
          </p>
        </div>
      )}
      {detail && detail.items.length > 0 && <ClipList detail={detail} />}
      {dialog === 'rename' && <NameDialog reel={reel} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteDialog reel={reel} onClose={() => setDialog(null)} />}
      {dialog === 'add' && detail && <PickerDialog workspaceId={workspaceId} projectId={projectId} detail={detail} onClose={() => setDialog(null)} />}
    </section>
  );
}

function exportReason(detail: ReelDetailView | null): string {
  return detail ? 'Add clips to the reel before exporting it.' : 'The reel is still loading.';
}
