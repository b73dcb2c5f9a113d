import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';

export function SearchPalette({ workspace, onClose }: { workspace: WorkspaceSummary; onClose: () => void }) {
  return (
    <div role="dialog" aria-label="Search" className="card">
      <p className="empty">Search is not built yet ({workspace.name}).</p>
      <button type="button" className="btn" onClick={onClose}>Close</button>
    </div>
  );
}
