import { basename } from 'node:path';
import type { StimulusView, stimulusChannels } from '../../../shared/ipc/channels/stimuli';
import type { StimulusRecord } from '../../../shared/schemas/stimulus';
import type { DesktopPorts } from '../../desktop/ports';
import { AppError } from '../../errors';
import type { PickedFiles } from '../../media/picked-files';
import { toStimulusView } from '../../media/stimulus-media';
import { uploadStimulus } from '../../media/stimulus-upload';
import type { HandlerMap } from '../dispatcher';
import type { HandlerDeps } from './context';

type Deps = Pick<HandlerDeps, 'runtimes' | 'workspaces' | 'jobs' | 'events'> & {
  /** The renderer-facing URL of a path on main's media route. */
  mediaRoute: (relative: string) => string;
  /** Uploads run on while the researcher works elsewhere; the OS tells them when one lands (Electron: only if unfocused). */
  desktop?: Pick<DesktopPorts, 'notify'>;
  /** The files the researcher picked or dropped, by token. */
  pickedFiles: PickedFiles;
};

export function stimulusHandlers(d: Deps): HandlerMap<typeof stimulusChannels> {
  const views = (workspaceId: string, projectId: string, items: StimulusRecord[]): StimulusView[] =>
    items.map((s) => toStimulusView(s, d.mediaRoute, workspaceId, projectId));

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
    'stimuli.upload': async ({ workspace_id, project_id, file_token, caption, question_items, upload_id }) => {
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
    'stimuli.cancel': async ({ upload_id }) => d.jobs.cancel(upload_id),
    'stimuli.list': async ({ workspace_id, project_id }) => {
      const r = await d.runtimes.get(workspace_id);
      return views(workspace_id, project_id, (await r.cache.call('stimuli.list', { projectId: project_id })) as StimulusRecord[]);
    },
    'stimuli.assign': async ({ workspace_id, project_id, stimuli_id, question_items, caption }) => {
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
