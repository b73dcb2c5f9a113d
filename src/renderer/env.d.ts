import type { FieldworkApi } from '../shared/ipc/contract';

declare global {
  interface Window {
    /** Exposed by the preload (or, in the browser test host, by its bridge); the renderer's only way out. */
    readonly fieldwork: FieldworkApi;
    /**
     * Local files to paths main can read. Electron: the preload's webUtils.getPathForFile. Test host:
     * the file's bytes are posted to the host, which saves them to a temp folder.
     */
    readonly fieldworkFiles: { tokenFor(file: File): Promise<string> };
  }
}
