import { useEffect, useRef, useState } from 'react';
import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import { useNav } from '../../app/nav-store';
import { projectKey, useProject } from '../project/store';
import { useStimuli } from './store';
import { hasFiles } from './UploadPanel';
import './stimuli.css';

type Target = { workspaceId: string; projectId: string; title: string; openTab: boolean } | { refuse: string };

/**
 * Files dragged in from the desktop can land anywhere in the window (the desktop convention): they go
 * to the Stimuli tab of the open, unlaunched STIMULI study, or to the new-study wizard when it asks for
 * them. Anywhere else the drop is refused with a word why, and the window never navigates to the file.
 */
export function WindowFileDrop({ workspace }: { workspace: WorkspaceSummary }) {
  const [dragging, setDragging] = useState<Target | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const depth = useRef(0);

  useEffect(() => {
    const target = (): Target => {
      const explicit = useStimuli.getState().dropTarget;
      if (explicit) return { ...explicit, title: 'this study', openTab: false };
      const route = useNav.getState().route;
      if (route.name !== 'project' && route.name !== 'interview') return { refuse: 'Open a stimuli study to add images or videos to it.' };
      const p = useProject.getState().byKey[projectKey(workspace.id, route.projectId)]?.detail;
      if (!p || p.type !== 'STIMULI') return { refuse: 'Only stimuli studies take images and videos.' };
      if (p.recruiting.has_launched) return { refuse: `${p.title} has launched, so its stimuli can no longer change.` };
      return { workspaceId: workspace.id, projectId: p.id, title: p.title || 'this study', openTab: true };
    };
    const onEnter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth.current += 1;
      setDragging(target());
    };
    const onLeave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(null);
    };
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'refuse' in target() ? 'none' : 'copy';
    };
    const onDrop = (e: DragEvent) => {
      depth.current = 0;
      setDragging(null);
      if (!hasFiles(e)) return;
      e.preventDefault();
      const t = target();
      if ('refuse' in t) {
        setNotice(t.refuse);
        return;
      }
      const files = Array.from(e.dataTransfer?.files ?? []);
      if (files.length === 0) return;
      useStimuli.getState().addFiles(t.workspaceId, t.projectId, files);
      if (t.openTab) useNav.getState().go({ name: 'project', projectId: t.projectId, tab: 'stimuli' });
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('dragover', onOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [workspace.id]);

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(null), 6000);
    return () => clearTimeout(t);
  }, [notice]);

  return (
    <>
      {dragging && (
        <div className={`drop-overlay${'refuse' in dragging ? ' drop-overlay-refuse' : ''}`} aria-hidden="true">
          <p>{'refuse' in dragging ? dragging.refuse : `Drop to add to ${dragging.title}`}</p>
        </div>
      )}
      {notice && (
        <div className="drop-notice" role="status">
          <span>{notice}</span>
          <button type="button" className="btn btn-small btn-ghost" onClick={() => setNotice(null)}>
            Dismiss
          </button>
        </div>
      )}
    </>
  );
}
