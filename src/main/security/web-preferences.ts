/**
 * The only webPreferences any Fieldwork window gets. The renderer is an untrusted web page: isolated,
 * sandboxed, without Node, talking to main only through the preload's named functions.
 */
export function buildWebPreferences(preloadPath: string, isPackaged: boolean) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
    devTools: !isPackaged,
  } as const;
}
