import { useEffect } from 'react';
import { ClipExportDialog } from './ClipExportDialog';
import { useClips } from './store';

/** The one Export clips dialog, opened by openClipExport (the Codes view, a hand-picked reel). */
export function ClipExportHost({ workspaceId }: { workspaceId: string }) {
  const open = useClips((s) => s.target !== null);
  useEffect(() => {
    useClips.setState({ workspaceId });
  }, [workspaceId]);
  return open ? <ClipExportDialog /> : null;
}
