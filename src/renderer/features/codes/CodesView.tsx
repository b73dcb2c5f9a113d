import { useEffect } from 'react';
import { ErrorNote } from '../../components/ErrorNote';
import type { TabProps } from '../interviews/InterviewsTab';
import { Codebook } from './Codebook';
import { CodeDetail } from './CodeDetail';
import { useCodes, useOpenCodebook } from './store';
import './codes.css';

/** The study's codebook: its codes with counts, and every coded segment of one code. */
export function CodesView({ workspace, project }: TabProps) {
  const open = useCodes((s) => s.open);
  const { status, error, codes } = useOpenCodebook();
  const selectedId = useCodes((s) => s.selectedId);
  useEffect(() => {
    void open({ workspaceId: workspace.id, projectId: project.id });
  }, [open, workspace.id, project.id]);

  if (status === 'loading' && codes.length === 0)
    return (
      <p className="empty" role="status">
        <span className="spinner" aria-hidden="true" /> Loading the codebook…
      </p>
    );
  // A failed reload keeps the codes it had on screen; only a codebook never read shows the error in their place.
  if (status === 'error' && error && codes.length === 0) return <ErrorNote error={error} onRetry={() => void useCodes.getState().reload()} />;
  const selected = codes.find((c) => c.id === selectedId) ?? null;
  return (
    <div className="cd-view">
      <Codebook />
      <div className="cd-main">
        {selected ? (
          <CodeDetail key={selected.id} code={selected} projectId={project.id} />
        ) : (
          <div className="empty cd-empty">
            {codes.length === 0 ? (
              <p>
                No codes in this study yet. Add one with <strong>New code</strong>, or select words in an interview’s transcript and press C to code them.
              </p>
            ) : (
              <p>Choose a code to see every segment coded with it, across the study’s interviews.</p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
