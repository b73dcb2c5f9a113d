import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { EventHub } from '../../../../src/main/events';
import { JobRegistry } from '../../../../src/main/jobs/job-registry';
import { startVideoDownload } from '../../../../src/main/jobs/video-downloads';

type Progress = { done: number; total: number | null; current?: { interview_id: string } | null };
type Opts = { signal: AbortSignal; onProgress: (p: Progress) => void };

/** A runtime whose downloads are scripted by the test. */
function setup(videos: { download?: (id: string, o: Opts) => Promise<void>; downloadProject?: (id: string, o: Opts) => Promise<{ failed: string[] }> }) {
  const events = new EventHub();
  const jobs = new JobRegistry();
  const seen: { state: string; done: number; total: number | null; message: string | null; job_id: string }[] = [];
  events.subscribe((e) => e.name === 'videos.progress' && seen.push(e.payload));
  const runtimes = { get: vi.fn(async () => ({ videos })) };
  const closed = () => seen.find((s) => s.state !== 'running');
  return { d: { runtimes: runtimes as never, jobs, events }, seen, closed };
}

describe('startVideoDownload', () => {
  it('returns its job id at once, reports progress, and closes with done', async () => {
    let finish!: () => void;
    const s = setup({
      download: (_id, o) => {
        o.onProgress({ done: 50, total: 100 });
        return new Promise<void>((r) => (finish = r));
      },
    });
    const { job_id } = await startVideoDownload(s.d, { workspace_id: 'w', interview_id: 'i' });
    expect(s.seen).toEqual([{ workspace_id: 'w', job_id, interview_id: 'i', done: 50, total: 100, state: 'running', message: null }]);
    finish();
    await vi.waitFor(() => expect(s.closed()).toMatchObject({ state: 'done', job_id }));
  });

  it('a study download cancelled between videos closes as cancelled, with how far it got', async () => {
    const s = setup({
      downloadProject: async (_id, o) => {
        o.onProgress({ done: 2, total: 5, current: { interview_id: 'b' } });
        await new Promise<void>((r) => o.signal.addEventListener('abort', () => r()));
        return { failed: [] };
      },
    });
    const { job_id } = await startVideoDownload(s.d, { workspace_id: 'w', project_id: 'p' });
    await vi.waitFor(() => expect(s.seen).toHaveLength(1));
    expect(s.d.jobs.cancel(job_id)).toBe(true);
    await vi.waitFor(() => expect(s.closed()).toMatchObject({ state: 'cancelled', done: 2, total: 5 }));
  });

  it('a failure closes as failed with the reason; videos that could not be fetched are counted', async () => {
    const failing = setup({ download: async () => Promise.reject(new AppError('disk_full', 'Not enough space for this video.')) });
    await startVideoDownload(failing.d, { workspace_id: 'w', interview_id: 'i' });
    await vi.waitFor(() => expect(failing.closed()).toMatchObject({ state: 'failed', message: 'Not enough space for this video.' }));
    const partly = setup({ downloadProject: async () => ({ failed: ['a', 'b'] }) });
    await startVideoDownload(partly.d, { workspace_id: 'w', project_id: 'p' });
    await vi.waitFor(() => expect(partly.closed()).toMatchObject({ state: 'done', message: '2 videos could not be downloaded.' }));
  });
});
