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
