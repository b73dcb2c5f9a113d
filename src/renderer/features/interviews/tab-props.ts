import type { WorkspaceSummary } from '../../../shared/ipc/channels/workspaces';
import type { ProjectDetail } from '../../../shared/views';

/** What every part of the interviews tab is given: its own file, so the parts do not import the tab that imports them. */
export type TabProps = { workspace: WorkspaceSummary; project: ProjectDetail };
