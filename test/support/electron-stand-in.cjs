// A recording stand-in for the 'electron' module, preloaded (`node -r`) before the BUILT main bundle
// (out/main/index.js), because no Electron binary can run on this machine. It answers the calls the shell
// makes, records what the bundle hands Electron, drives start-up to the first window, makes a few IPC calls
// as the page would, and writes the record as JSON to FW_BOOT_RECORD. test/integration/built-app-boot.test.ts
// reads it. Plain CommonJS and no test framework: it runs inside the child process only.
const Module = require('node:module');
const { readFileSync, writeFileSync } = require('node:fs');
const { fileURLToPath } = require('node:url');

const recordFile = process.env.FW_BOOT_RECORD;
const userData = process.env.FW_BOOT_USER_DATA;
const appPath = process.env.FW_BOOT_APP_PATH;
if (!recordFile || !userData || !appPath) throw new Error('FW_BOOT_RECORD, FW_BOOT_USER_DATA and FW_BOOT_APP_PATH must be set');

const record = {
  electronRequires: 0,
  privilegedSchemes: [],
  sandboxEnabled: false,
  singleInstanceLock: 0,
  appEvents: [],
  protocolHandlers: [],
  ipcChannels: [],
  duplicateIpcChannels: [],
  windows: [],
  menuItems: null,
  permissionHandlers: [],
  fetchedFiles: [],
  workerFiles: [],
  appProtocol: {},
  calls: {},
  quit: 0,
  errorBox: null,
  failure: null,
};

class Emitter {
  constructor() {
    this.listeners = new Map();
  }
  on(name, fn) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
    return this;
  }
  once(name, fn) {
    return this.on(name, fn);
  }
  emit(name, ...args) {
    for (const fn of this.listeners.get(name) ?? []) fn(...args);
  }
}

let windowLoaded;
const firstWindow = new Promise((resolve) => {
  windowLoaded = resolve;
});

class WebContents extends Emitter {
  setWindowOpenHandler(fn) {
    this.windowOpenHandler = fn;
  }
  send() {}
}

class BrowserWindow extends Emitter {
  constructor(options) {
    super();
    this.options = options;
    this.webContents = new WebContents();
    this.entry = { options: JSON.parse(JSON.stringify(options ?? {})), url: null, file: null };
    record.windows.push(this.entry);
  }
  async loadURL(url) {
    this.entry.url = url;
    windowLoaded(this);
  }
  async loadFile(file) {
    this.entry.file = file;
  }
  show() {}
  focus() {}
  restore() {}
  maximize() {}
  isMinimized() {
    return false;
  }
  isMaximized() {
    return false;
  }
  isFullScreen() {
    return false;
  }
  isFocused() {
    return true;
  }
  isDestroyed() {
    return false;
  }
  destroy() {}
  getNormalBounds() {
    return { x: 0, y: 0, width: 1280, height: 820 };
  }
}

let ready;
const readyPromise = new Promise((resolve) => {
  ready = resolve;
});

class App extends Emitter {
  constructor() {
    super();
    this.isPackaged = false;
  }
  on(name, fn) {
    record.appEvents.push(name);
    return super.on(name, fn);
  }
  whenReady() {
    return readyPromise;
  }
  requestSingleInstanceLock() {
    record.singleInstanceLock++;
    return true;
  }
  quit() {
    record.quit++;
  }
  enableSandbox() {
    record.sandboxEnabled = true;
  }
  getPath(name) {
    if (name !== 'userData') throw new Error(`unexpected getPath(${name})`);
    return userData;
  }
  getAppPath() {
    return appPath;
  }
  getVersion() {
    return '0.0.0-boot';
  }
}

const ipcHandlers = new Map();
const protocolHandlers = new Map();
const setHandler = (name) => (fn) => record.permissionHandlers.push(typeof fn === 'function' ? name : `${name}:not-a-function`);

const electron = {
  app: new App(),
  BrowserWindow,
  ipcMain: {
    handle(channel, fn) {
      if (ipcHandlers.has(channel)) record.duplicateIpcChannels.push(channel);
      ipcHandlers.set(channel, fn);
      record.ipcChannels.push(channel);
    },
    removeHandler(channel) {
      ipcHandlers.delete(channel);
    },
    on() {},
  },
  protocol: {
    registerSchemesAsPrivileged(schemes) {
      record.privilegedSchemes.push(...schemes);
    },
    handle(scheme, fn) {
      record.protocolHandlers.push(scheme);
      protocolHandlers.set(scheme, fn);
    },
  },
  session: {
    defaultSession: {
      setPermissionRequestHandler: setHandler('request'),
      setPermissionCheckHandler: setHandler('check'),
      setDevicePermissionHandler: setHandler('device'),
    },
  },
  net: {
    // The app protocol reads the renderer's files through net.fetch(file://…): read them for real.
    fetch: async (url) => {
      const path = fileURLToPath(url);
      record.fetchedFiles.push(path);
      return new Response(readFileSync(path));
    },
  },
  shell: { openExternal: async () => undefined, showItemInFolder() {} },
  Menu: {
    buildFromTemplate: (template) => ({ template }),
    setApplicationMenu(menu) {
      const labels = (items) => items.flatMap((i) => [i.label ?? i.role ?? i.type ?? '?', ...labels(Array.isArray(i.submenu) ? i.submenu : [])]);
      record.menuItems = labels(menu.template);
    },
  },
  screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1050 } }] },
  dialog: {
    showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
    showErrorBox(title, body) {
      record.errorBox = { title, body };
    },
  },
  clipboard: { writeText() {} },
  Notification: class {
    static isSupported() {
      return false;
    }
    show() {}
  },
};

// Record the script every worker thread starts from (the cache worker must be a file in the build output).
const threads = require('node:worker_threads');
const RealWorker = threads.Worker;
threads.Worker = class extends RealWorker {
  constructor(file, options) {
    record.workerFiles.push(file instanceof URL ? fileURLToPath(file) : String(file));
    super(file, options);
  }
};

const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'electron') {
    record.electronRequires++;
    return electron;
  }
  return load.call(this, request, parent, isMain);
};

/** An IPC call as the app's own page makes it (top-level frame at the app origin). */
async function invoke(channel, input) {
  const fn = ipcHandlers.get(`fieldwork:${channel}`);
  if (!fn) return { ok: false, error: { code: 'not_registered', message: channel } };
  return fn({ senderFrame: { url: 'app://fieldwork/index.html', parent: null } }, input);
}

async function drive() {
  // Start-up runs once the bundle has finished loading, like Electron's ready event.
  await new Promise((resolve) => setImmediate(resolve));
  ready();
  await Promise.race([firstWindow, new Promise((_, reject) => setTimeout(() => reject(new Error('no window was created')), 60_000))]);
  const serve = protocolHandlers.get('app');
  for (const url of ['app://fieldwork/', 'app://fieldwork/index.html', 'app://fieldwork/..%2f..%2fpackage.json']) {
    const res = serve ? await serve({ url }) : null;
    record.appProtocol[url] = res
      ? { status: res.status, csp: res.headers.get('content-security-policy'), nosniff: res.headers.get('x-content-type-options') }
      : null;
  }
  record.calls['app.info'] = await invoke('app.info', undefined);
  // The demo opens a workspace cache through the built cache worker and syncs from the bundled sandbox.
  const demo = await invoke('demo.start', undefined);
  record.calls['demo.start'] = demo.ok ? { ok: true } : demo;
  if (demo.ok) {
    const sync = await invoke('sync.run', { workspace_id: demo.value.id });
    record.calls['sync.run'] = sync.ok ? { ok: true } : sync;
    const list = await invoke('projects.list', { workspace_id: demo.value.id });
    record.calls['projects.list'] = list.ok ? { ok: true, projects: list.value.items.length } : list;
  }
  const untrusted = ipcHandlers.get('fieldwork:app.info');
  record.calls.untrusted = untrusted ? await untrusted({ senderFrame: { url: 'https://evil.example/', parent: null } }, undefined) : null;
}

drive()
  .catch((e) => {
    record.failure = e instanceof Error ? e.stack : String(e);
  })
  .finally(async () => {
    writeFileSync(recordFile, JSON.stringify(record, null, 2));
    electron.app.emit('will-quit');
    // The core closes its caches and the demo's server; the process then ends on its own or here.
    setTimeout(() => process.exit(0), 5_000).unref();
  });
