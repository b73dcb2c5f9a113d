import { create } from 'zustand';
import type { UpdateStudyResult } from '../../../shared/ipc/channels/studies';
import { api, call, UiError } from '../../lib/api';
import { useProject } from '../project/store';
import { useProjects } from '../projects/store';
import type { GuideChanges } from './guide-edit';

/**
 * The guide's calls. The edit itself is not kept here: the tab's hook keeps it as a local draft
 * (lib/drafts), which outlives the tab, the study page and the window.
 */
type GuideState = {
  /**
   * Saves the changed fields, then reloads the study so the read view never shows the old guide under
   * "saved" (and the study list, when the title changed). Throws a UiError; on not_editable (launched
   * meanwhile) the study is synced, so the tab learns it is read-only.
   */
  save(workspaceId: string, projectId: string, changes: GuideChanges): Promise<UpdateStudyResult>;
};

export const useGuide = create<GuideState>(() => ({
  async save(workspaceId, projectId, changes) {
    let result: UpdateStudyResult;
    try {
      result = await call(api().studies.update({ workspace_id: workspaceId, project_id: projectId, ...changes }));
    } catch (e) {
      const err = UiError.from(e);
      if (err.code === 'not_editable') void useProject.getState().refresh(workspaceId, projectId);
      throw err;
    }
    await useProject.getState().load(workspaceId, projectId);
    if (changes.title !== undefined) void useProjects.getState().load(workspaceId);
    return result;
  },
}));
