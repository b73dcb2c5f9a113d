import type { studyChannels } from '../../../shared/ipc/channels/studies';
import type { StudyAuthoring } from '../../studies/authoring';
import type { Launcher } from '../../studies/launch';
import type { HandlerMap } from '../dispatcher';

/** Thin: each channel calls the studies services (studies/authoring.ts, studies/launch.ts). */
export function studyHandlers(d: { authoring: StudyAuthoring; launcher: Launcher }): HandlerMap<typeof studyChannels> {
  return {
    'studies.generate': (input) => d.authoring.generate(input),
    'studies.create': (input) => d.authoring.create(input),
    'studies.createExternal': (input) => d.authoring.createExternal(input),
    'studies.update': (input) => d.authoring.update(input),
    'studies.launch': ({ workspace_id, project_id, target_participants }) => d.launcher.launch(workspace_id, project_id, target_participants),
  };
}
