import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ReelView } from '../../../shared/ipc/channels/reels';
import { Dialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { ReelNameField } from './ReelNameField';
import { addHighlightToReel, listStudyReels } from './store';
import '../codes/codes.css';
import './reels.css';

/**
 * A highlight card's "Add to reel…": choose one of the study's reels, or name a new one, and the highlight
 * is appended to it. What happened (added, or already there) is said beside the button.
 */
export function AddToReel({ workspaceId, projectId, highlightId }: { workspaceId: string; projectId: string; highlightId: string }) {
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState('');
  useEffect(() => {
    if (!said) return;
    const t = setTimeout(() => setSaid(''), 4000);
    return () => clearTimeout(t);
  }, [said]);
  return (
    <>
      <button type="button" className="btn btn-ghost btn-small" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Add to reel…
      </button>
      <span className="muted rl-added" role="status">
        {said}
      </span>
      {open && (
        <ReelChooser
          workspaceId={workspaceId}
          projectId={projectId}
          highlightId={highlightId}
          onClose={() => setOpen(false)}
          onDone={(text) => {
            setSaid(text);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function ReelChooser({
  workspaceId,
  projectId,
  highlightId,
  onClose,
  onDone,
}: {
  workspaceId: string;
  projectId: string;
  highlightId: string;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const [reels, setReels] = useState<ReelView[] | null>(null);
  const [loadError, setLoadError] = useState<UiError | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const id = useId();
  const load = () => {
    setLoadError(null);
    listStudyReels(workspaceId, projectId).then(
      (r) => {
        setReels(r);
        if (r.length === 0) setNaming(true);
      },
      (e: unknown) => setLoadError(UiError.from(e)),
    );
  };
  useEffect(load, [workspaceId, projectId]);

  const add = async (target: { reelId: string } | { newName: string }) => {
    setBusy(true);
    setError(null);
    try {
      const { reel, result } = await addHighlightToReel(workspaceId, projectId, highlightId, target);
      onDone(result.added.length ? `Added to “${reel.name}” (${reel.clips} ${reel.clips === 1 ? 'clip' : 'clips'})` : `Already in “${reel.name}”`);
    } catch (e) {
      setError(UiError.from(e));
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(new UiError('invalid_input', 'Give the reel a name.'));
    void add({ newName: name.trim() });
  };

  return (
    <Dialog title="Add to reel" onClose={onClose}>
      <div className="stack-12">
        {loadError && <ErrorNote error={loadError} onRetry={load} />}
        {!reels && !loadError && (
          <p className="empty" role="status">
            <span className="spinner" aria-hidden="true" /> Loading reels…
          </p>
        )}
        {reels && reels.length > 0 && (
          <ul className="cd-list rl-choose" aria-label="Reels of this study">
            {reels.map((r) => (
              <li key={r.id}>
                <button type="button" className="cd-row" disabled={busy} onClick={() => void add({ reelId: r.id })}>
                  <span className="cd-row-name">{r.name}</span>
                  <span className="cd-row-counts num muted">{r.clips === 1 ? '1 clip' : `${r.clips} clips`}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {reels && !naming && (
          <button type="button" className="btn btn-small" onClick={() => setNaming(true)}>
            New reel…
          </button>
        )}
        {naming && (
          <form className="stack-12" onSubmit={submit} noValidate aria-label="New reel">
            <ReelNameField id={id} name={name} onName={setName} error={error} label="New reel’s name" />
            <div className="row-8">
              <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
                Create and add
              </button>
            </div>
          </form>
        )}
        {error && !naming && <ErrorNote error={error} />}
      </div>
    </Dialog>
  );
}
