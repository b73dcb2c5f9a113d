import type { IpcContract, IpcDomain, IpcDomains } from '../../shared/ipc/contract';
import type { ExportFolders } from '../desktop/export-folders';
import type { DesktopPorts } from '../desktop/ports';
import type { PickedFiles } from '../media/picked-files';
import type { Services } from '../services';
import type { HandlerMap } from './dispatcher';
import { agreementHandlers } from './handlers/agreement';
import { appHandlers } from './handlers/app';
import { clipHandlers } from './handlers/clips';
import type { HandlerDeps } from './handlers/context';
import { creditHandlers } from './handlers/credits';
import { demoHandlers } from './handlers/demo';
import { embedHandlers } from './handlers/embed';
import { exportHandlers } from './handlers/exports';
import { codeHandlers } from './handlers/codes';
import { gridHandlers } from './handlers/grid';
import { highlightHandlers } from './handlers/highlights';
import { importHandlers } from './handlers/imports';
import { interviewHandlers } from './handlers/interviews';
import { noteHandlers } from './handlers/notes';
import { projectHandlers } from './handlers/projects';
import { redactionHandlers } from './handlers/redaction';
import { reelHandlers } from './handlers/reels';
import { reportHandlers } from './handlers/reports';
import { searchHandlers } from './handlers/search';
import { settingsHandlers } from './handlers/settings';
import { stimulusHandlers } from './handlers/stimuli';
import { studyHandlers } from './handlers/studies';
import { syncHandlers } from './handlers/sync';
import { videoHandlers } from './handlers/videos';
import { workspaceHandlers } from './handlers/workspaces';

/** Every domain's handlers, keyed as the contract keys its domains: a domain left out does not compile. */
export type DomainHandlers = { [K in IpcDomain]: HandlerMap<IpcDomains[K]> };
export type Handlers = HandlerMap<IpcContract>;

export type RegistryDeps = HandlerDeps & {
  version: string;
  platform: string;
  nativeMenu: boolean;
  desktop: DesktopPorts;
  exportFolders: ExportFolders;
  pickedFiles: PickedFiles;
  /** Every domain's service, built once (services.ts); the handlers adapt channels to them. */
  services: Services;
};

/** The only place that knows the handler modules: the core asks for the whole map and dispatches to it. */
export function buildHandlers(d: RegistryDeps): Handlers {
  const byDomain: DomainHandlers = {
    app: appHandlers({
      version: d.version,
      platform: d.platform,
      secrets: d.secrets,
      desktop: d.desktop,
      exports: d.exportFolders,
      nativeMenu: d.nativeMenu,
      log: d.log,
    }),
    workspaces: workspaceHandlers(d.services),
    demo: demoHandlers(d.services),
    projects: projectHandlers(d.services),
    credits: creditHandlers(d.services),
    sync: syncHandlers(d.services),
    interviews: interviewHandlers(d.services),
    search: searchHandlers(d.services),
    reports: reportHandlers(d.services),
    videos: videoHandlers(d.services),
    stimuli: stimulusHandlers(d.services),
    highlights: highlightHandlers(d.services),
    codes: codeHandlers(d.services),
    reels: reelHandlers(d.services),
    agreement: agreementHandlers(d.services),
    grid: gridHandlers(d.services),
    notes: noteHandlers(d.services),
    settings: settingsHandlers(d),
    studies: studyHandlers(d.services),
    embed: embedHandlers(d.services),
    exports: exportHandlers({ exports: d.services.exporter }),
    imports: importHandlers(d.services),
    redaction: redactionHandlers(d.services),
    clips: clipHandlers(d.services),
  };
  return Object.assign({}, ...Object.values(byDomain)) as Handlers;
}
