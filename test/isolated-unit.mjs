// Unit test files that replace modules (vi.mock) or install process-wide handlers. They run in their own
// module graph (vitest project "unit-isolated"); every other unit file shares its worker's graph, and lint
// refuses module mocks and process hooks there (eslint.config.mjs). Renderer feature stores (and lib functions
// that call main) are tested against a fake window.fieldwork, a stubbed global.
export const ISOLATED_UNIT = [
  'test/unit/main/shell/**/*.test.ts',
  'test/unit/preload/**/*.test.ts',
  'test/unit/main/logging/process-guard.test.ts',
  'test/unit/renderer/features/**/*.test.ts',
  'test/unit/renderer/lib/report-error.test.ts',
];

// Files under test/unit that leave the process: a loopback server (the sandbox, an HTTP stub), a child process
// (ffmpeg, xmllint) or a Chromium. They test one module each, so they live beside its unit tests, but they run
// in the "integration" project: `npm run test:unit` stays in-process (no network, no child process, no worker
// thread, no browser), and lint refuses those imports in every other unit file (eslint.config.mjs). A file
// that needs one of them goes here, or under test/integration/.
export const UNIT_OUT_OF_PROCESS = [
  // HTTP against a stub server on loopback.
  'test/unit/main/api/transport.test.ts',
  // The core against the sandbox on loopback.
  'test/unit/main/media/stimuli.test.ts',
  'test/unit/main/studies/studies.test.ts',
  'test/unit/main/studies/launch-and-share.test.ts',
  'test/unit/main/workspaces/workspaces.test.ts',
  'test/unit/sandbox/demo-seed.test.ts',
  // The shell's IPC reaching a service on loopback (its Electron is a module mock, so it runs isolated there too).
  'test/unit/main/shell/electron-shell.test.ts',
  // Clips cut, and then probed, with ffmpeg.
  'test/unit/main/clips/cut.test.ts',
  'test/unit/main/clips/reel.test.ts',
  'test/unit/main/clips/sound-only.test.ts',
  // Written and read QDPX files validated against the REFI-QDA schema with xmllint.
  'test/unit/main/exports/qdpx.test.ts',
  'test/unit/main/exports/qdpx-fidelity.test.ts',
  'test/unit/main/qdpx-import/import.test.ts',
];

// Integration files that replace modules (vi.mock) or install process-wide handlers (process.on): they run in
// their own module graph (project "integration-isolated"); every other integration file shares its worker's.
export const INTEGRATION_ISOLATED = [
  'test/unit/main/shell/electron-shell.test.ts',
  'test/integration/webhook-receiver.test.ts',
  // Changes the working folder and HOME (and puts them back) around each test.
  'test/integration/keytar.test.ts',
];
