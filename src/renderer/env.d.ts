import type { FieldworkApi } from '../shared/ipc/contract';

declare global {
  interface Window {
    /** Exposed by the preload (or, in the browser test host, by its bridge); the renderer's only way out. */
    readonly fieldwork: FieldworkApi;
  }
}
