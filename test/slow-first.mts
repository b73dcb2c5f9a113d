import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, started first within their group. Vitest orders by the durations it cached from
 * the last run, and without them (a fresh clone, as CI is) by file size: these are small files that run for one
 * to two minutes (children killed at random, a native build, the CLI run many times, media encoded), so they
 * started last and ran on alone while the other workers had finished (per-abi-build ended the first group 87 s
 * after most files, in a fresh-clone CI run). Longest first; measured in that run.
 */
export const SLOW_FIRST = [
  'test/integration/cli.test.ts',
  'test/integration/sigkill.test.ts',
  'test/integration/native/per-abi-build.test.ts',
  'test/e2e/viewer.test.ts',
  'test/integration/sample-media-encoded.test.ts',
  'test/e2e/journey.test.ts',
  'test/e2e/a11y.test.ts',
  'test/e2e/new-study.test.ts',
  'test/e2e/stimuli.test.ts',
  'test/e2e/interviews.test.ts',
  'test/e2e/clips-exact-export.test.ts',
];

/** Vitest's own order (groups, then cached durations or size), with SLOW_FIRST moved to the front of each group. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((s) => f.moduleId.endsWith(`/${s}`));
      return i === -1 ? SLOW_FIRST.length : i;
    };
    const group = (f: TestSpecification) => f.project.config.sequence.groupOrder;
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => group(a.f) - group(b.f) || rank(a.f) - rank(b.f) || a.i - b.i)
      .map((x) => x.f);
  }
}
