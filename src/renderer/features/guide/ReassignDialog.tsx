import type { ProjectDetail } from '../../../shared/views';
import { Dialog } from '../../components/Dialog';

/** Asked before a save that changes the questions of a study with stimuli: it clears their assignments. */
export function ReassignDialog({ project, onKeepEditing, onSave }: { project: ProjectDetail; onKeepEditing: () => void; onSave: () => void }) {
  const assigned = project.stimuli.filter((s) => s.question_items.length > 0).length;
  return (
    <Dialog
      title="Save and re-assign stimuli?"
      onClose={onKeepEditing}
      footer={
        <>
          <button type="button" className="btn" onClick={onKeepEditing}>
            Keep editing
          </button>
          <button type="button" className="btn btn-primary" onClick={onSave}>
            Save and re-assign
          </button>
        </>
      }
    >
      <p>
        Saving changed questions clears the assignments of all {project.stimuli.length} stimuli on the service ({assigned} assigned now). Fieldwork puts back
        each stimulus's questions that still exist word for word, and tells you which stimuli still need questions. A stimulus without questions blocks launch.
      </p>
    </Dialog>
  );
}
