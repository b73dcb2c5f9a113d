import { useEffect, useId, useState } from 'react';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { useNav } from '../../app/nav-store';
import { Dialog } from '../../components/Dialog';
import { ErrorNote } from '../../components/ErrorNote';
import { UiError } from '../../lib/api';
import { useWorkspaces } from '../workspaces/store';
import { Section } from './SettingsSection';
import { formatBytes, removalText } from './settings-text';
import { useSettings, videoUsage } from './store';

export function WorkspacesSection() {
  const { workspaces, currentId } = useWorkspaces();
  const go = useNav((s) => s.go);
  const [removing, setRemoving] = useState<WorkspaceSummary | null>(null);
  return (
    <Section wide title="Workspaces" description="One workspace per organisation. Each keeps its own saved data and offline videos.">
      {workspaces.length === 0 ? (
        <p className="muted">No workspaces yet.</p>
      ) : (
        <table className="table settings-table" aria-label="Workspaces">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Service address</th>
              <th scope="col">Organisation</th>
              <th scope="col">API key</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {workspaces.map((w) => (
              <tr key={w.id}>
                <th scope="row">
                  <span className="settings-ws-name">
                    <span className="table-title">{w.name}</span>
                    {w.id === currentId && <span className="pill">In use</span>}
                    {w.is_demo && <span className="pill">Demo</span>}
                  </span>
                </th>
                <td className="mono settings-url">{w.base_url}</td>
                <td className="mono">{w.organisation_id ?? <span className="muted">—</span>}</td>
                <td>{w.key_storage === 'keychain' ? 'System keychain' : <span className="settings-memory">Memory only (this session)</span>}</td>
                <td className="settings-actions">
                  <button type="button" className="btn btn-small btn-danger" onClick={() => setRemoving(w)} aria-label={`Remove ${w.name}`}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div>
        <button type="button" className="btn" onClick={() => go({ name: 'add-workspace' })}>
          Add workspace
        </button>
      </div>
      {removing && <RemoveWorkspaceDialog workspace={removing} onClose={() => setRemoving(null)} />}
    </Section>
  );
}

function RemoveWorkspaceDialog({ workspace, onClose }: { workspace: WorkspaceSummary; onClose: () => void }) {
  const remove = useWorkspaces((s) => s.remove);
  const [purge, setPurge] = useState(false);
  // Unknown (null) until measured, or when it cannot be: the text then does not give a size.
  const bytes = useSettings((s) => videoUsage(s, workspace.id).usage?.bytes ?? null);
  const loadUsage = useSettings((s) => s.loadUsage);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UiError | null>(null);
  const id = useId();
  useEffect(() => {
    void loadUsage(workspace.id);
  }, [workspace.id, loadUsage]);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await remove(workspace.id, purge);
      onClose();
    } catch (e) {
      setError(UiError.from(e));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title="Remove workspace"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger-solid" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Removing…' : `Remove ${workspace.name}`}
          </button>
        </>
      }
    >
      <p className="settings-consequence">{removalText(workspace, purge, bytes)}</p>
      <div className="toggle-row">
        <input id={`${id}-purge`} type="checkbox" checked={purge} onChange={(e) => setPurge(e.target.checked)} />
        <label htmlFor={`${id}-purge`}>Also delete its saved data and offline videos{bytes ? ` (${formatBytes(bytes)})` : ''} from this computer</label>
      </div>
      {!purge && <p className="muted">Kept data stays on disk and comes back if you add this workspace again.</p>}
      {error && <ErrorNote error={error} />}
    </Dialog>
  );
}
