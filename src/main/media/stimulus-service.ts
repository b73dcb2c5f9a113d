import { basename } from 'node:path';
import type { StimulusView, stimulusChannels } from '../../shared/ipc/channels/stimuli';
import type { StimulusRecord } from '../../shared/schemas/stimulus';
import type { DesktopPorts } from '../desktop/ports';
import { AppError } from '../errors';
import type { PickedFiles } from './picked-files';
import { toStimulusView } from './stimulus-media';
import { uploadStimulus } from './stimulus-upload';
import type { OperationOf } from '../../shared/ipc/define';
import type { EventHub } from '../events';
import type { JobRegistry } from '../jobs/job-registry';
import type { RuntimeManager } from '../workspaces/runtime';
import type { WorkspaceService } from '../workspaces/service';

export type StimulusDeps = {
  runtimes: RuntimeManager;
  workspaces: WorkspaceService;
  jobs: JobRegistry;
  events: EventHub;
  /** The renderer-facing URL of a path on main's media route. */
  mediaRoute: (relative: string) => string;
  /** Where a workspace's stimulus files are kept (the media route's copies), to say which are saved here. */
  mediaDir?: (workspaceId: string) => string;
  /** Uploads run on while the researcher works elsewhere; the OS tells them when one lands (Electron: only if unfocused). */
  desktop?: Pick<DesktopPorts, 'notify'>;
  /** The files the researcher picked or dropped, by token. */
  pickedFiles: PickedFiles;
};

type Op<K extends keyof typeof stimulusChannels> = OperationOf<(typeof stimulusChannels)[K]>;
export type StimulusService = { upload: Op<'stimuli.upload'>; cancel: Op<'stimuli.cancel'>; list: Op<'stimuli.list'>; assign: Op<'stimuli.assign'> };

/**
 * A study's stimuli: uploads of files the researcher picked (cancellable, with progress and a notice),
 * assignments to questions, and the offline copy kept in step with the service.
 */
export function createStimulusService(d: StimulusDeps): StimulusService {
  const views = (workspaceId: string, projectId: string, items: StimulusRecord[]): StimulusView[] =>
    items.map((s) => toStimulusView(s, d.mediaRoute, workspaceId, projectId, d.mediaDir?.(workspaceId)));

  /** Keeps the offline copy of one project's stimuli in step with the service. */
  async function refresh(workspaceId: string, projectId: string): Promise<StimulusRecord[]> {
    const r = await d.runtimes.get(workspaceId);
    const client = await d.workspaces.client(workspaceId);
    const items = (await client.listStimuli(projectId)).items;
    try {
      await r.cache.call('stimuli.save', { projectId, items });
    } catch {
      // The project is not in the offline copy yet (made elsewhere, never synced): a sync brings it, stimuli and all.
      await r.runSync([projectId]).catch(() => undefined);
    }
    return items;
  }

  return {
    upload: async ({ workspace_id, project_id, file_token, caption, question_items, upload_id }) => {
      const path = d.pickedFiles.resolve(file_token);
      if (!path) throw new AppError('not_allowed', 'Fieldwork uploads only a file you picked or dropped, and this one is no longer known. Add the file again.');
      const client = await d.workspaces.client(workspace_id);
      const job = d.jobs.start(upload_id);
      try {
        const res = await uploadStimulus(
          client,
          { projectId: project_id, path, ...(caption !== undefined ? { caption } : {}), ...(question_items ? { questionItems: question_items } : {}) },
          { signal: job.signal, onProgress: (p) => d.events.emit('stimuli.progress', { workspace_id, upload_id: job.id, sent: p.sent, total: p.total }) },
        );
        await refresh(workspace_id, project_id).catch(() => undefined);
        const title = (await (await d.runtimes.get(workspace_id)).cache.call('projects.get', { id: project_id }).catch(() => null))?.title;
        d.desktop?.notify({ title: 'Stimulus added', body: `${basename(path)} was added to ${title ? `“${title}”` : 'the study'}.` });
        return { stimulus_id: res.stimulus_id, content_type: res.content_type, bytes: res.bytes, assigned: res.assigned };
      } finally {
        job.done();
      }
    },
    cancel: async ({ upload_id }) => d.jobs.cancel(upload_id),
    list: async ({ workspace_id, project_id }) => {
      const r = await d.runtimes.get(workspace_id);
      return views(workspace_id, project_id, (await r.cache.call('stimuli.list', { projectId: project_id })) as StimulusRecord[]);
    },
    assign: async ({ workspace_id, project_id, stimuli_id, question_items, caption }) => {
      const r = await d.runtimes.get(workspace_id);
      const client = await d.workspaces.client(workspace_id);
      const done = await client.assignStimulus({
        project_id,
        stimuli_id,
        question_items: [...new Set(question_items)],
        ...(caption !== undefined ? { caption } : {}),
      });
      try {
        return views(workspace_id, project_id, await refresh(workspace_id, project_id));
      } catch {
        // The assignment stands; if the list can't be fetched, record what the service confirmed.
        const cached = (await r.cache.call('stimuli.list', { projectId: project_id })) as StimulusRecord[];
        const items = cached.map((s) => (s.stimuli_id === stimuli_id ? { ...s, question_items: done.question_items, caption: done.caption } : s));
        await r.cache.call('stimuli.save', { projectId: project_id, items });
        return views(workspace_id, project_id, items);
      }
    },
  };
}
