import { create } from 'zustand';
import type { ClipExportView, ClipPlanView, ClipSelectionInput } from '../../../shared/ipc/channels/clips';
import { useNav } from '../../app/nav-store';
import { useToasts } from '../../components/Toasts';
import { api, call, UiError } from '../../lib/api';
import { stoppedBy, useExport } from '../exports/store';
import { canCutExactly, ExactCutError } from './exact-cut';
import { exportExactClip, type ExactClipsBridge } from './exact-export';

export type ClipPrefs = {
  /** Also join the clips into a reel with its page. */
  reel: boolean;
  /** Seconds added each side of every clip, 0–10. */
  padSeconds: number;
  includeParticipant: boolean;
  redact: boolean;
  /** Frame-exact cuts: re-encoded in this window (exact-cut.ts), used only when `exactAbility` is ok. */
  exact: boolean;
  /** Leave the picture out (audio and captions only): offered with redaction, used only then (leavesPictureOut). */
  audioOnly: boolean;
};

/** Whether this window can cut frame-exactly (canCutExactly), or null while it is being asked. */
export type ExactAbility = { ok: true; codec: string } | { ok: false; reason: string } | null;

export type ClipJob = {
  exportId: string;
  done: number;
  total: number | null;
  current: string | null;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  result: ClipExportView | null;
  error: UiError | null;
  /** Frame-exact: clips are re-encoded here, one at a time; `fraction` is the running one's progress, 0..1. */
  exact: boolean;
  fraction: number;
};

export type ClipTarget = { workspaceId: string; projectId: string; selection: ClipSelectionInput; title: string };

type ClipState = {
  /** The workspace the app shows (set by ClipExportHost); openClipExport exports from it. */
  workspaceId: string | null;
  target: ClipTarget | null;
  prefs: ClipPrefs;
  plan: ClipPlanView | null;
  planError: UiError | null;
  planning: boolean;
  /** Highlights the researcher unticked in the list: left out of the export. */
  unticked: string[];
  job: ClipJob | null;
  exactAbility: ExactAbility;
  open(target: ClipTarget): void;
  close(): void;
  setPrefs(p: Partial<ClipPrefs>): void;
  tick(highlightId: string, on: boolean): void;
  replan(): Promise<void>;
  start(): Promise<void>;
  cancel(): Promise<void>;
};

export const MAX_PAD_SECONDS = 10;
const DEFAULT_PREFS: ClipPrefs = { reel: true, padSeconds: 0, includeParticipant: false, redact: false, exact: false, audioOnly: false };

/** The planned clips that would be cut: ticked and with no reason they cannot be. */
export function clipsToCut(s: Pick<ClipState, 'plan' | 'unticked'>): number {
  return (s.plan?.clips ?? []).filter((c) => c.reason === null && !s.unticked.includes(c.highlight_id)).length;
}

/** Some planned clip's recording has a picture (assumed while the plan is being read): redaction cannot change it. */
export const planHasPicture = (plan: ClipPlanView | null): boolean => plan === null || plan.clips.some((c) => c.picture);

/**
 * Whether the export leaves the picture out: the researcher chose it in the redaction note, which is shown (and so
 * the choice counts) only with redaction on and a picture to leave out.
 */
export const leavesPictureOut = (s: Pick<ClipState, 'prefs' | 'plan'>): boolean => s.prefs.redact && s.prefs.audioOnly && planHasPicture(s.plan);

/** Frame-exact cuts are used: chosen, possible here, and there is a picture to cut exactly (sound is cut to the packet anyway). */
export const cutsExactly = (s: Pick<ClipState, 'prefs' | 'plan' | 'exactAbility'>): boolean =>
  s.prefs.exact && s.exactAbility?.ok === true && !leavesPictureOut(s);

/** The bridge the progress listener is on (one per window; a test may install another). */
let listeningOn: unknown = null;
/** Plans are asked for in turn; an answer to an older question is dropped. */
let planSeq = 0;
/** Stops the frame-exact cut under way (Cancel); main's half is stopped with clips.cancel. */
let exactAbort: AbortController | null = null;

/** main's frame-exact channels, unwrapped for exportExactClip. */
const exactBridge: ExactClipsBridge = {
  source: (i) => call(api().clips.exactSource(i)),
  write: (i) => call(api().clips.exactWrite(i)),
};

/** A cutter's refusal as the dialog shows errors: its code and sentence; a cancelled cut is a cancelled export. */
function exactError(e: unknown): unknown {
  if (!(e instanceof ExactCutError)) return e;
  return e.code === 'clip_exact_cancelled' ? new UiError('export_cancelled', e.message) : new UiError(e.code, e.message);
}

/**
 * The Export clips dialog's state and the running export: the plan (what would be cut, in order), the
 * researcher's ticks and options, progress, and the summary. It lives here so the export carries on when
 * the dialog is closed; a toast then says when it is done.
 */
export const useClips = create<ClipState>((set, get) => {
  const listen = () => {
    if (listeningOn === api()) return;
    listeningOn = api();
    api().events.on('clips.progress', (p) => {
      const job = get().job;
      if (!job || job.exportId !== p.export_id || job.state !== 'running') return;
      set({ job: { ...job, done: p.done, total: p.total, current: p.current ?? job.current } });
    });
  };
  const finished = (job: ClipJob) => {
    if (get().target) return;
    const push = useToasts.getState().push;
    if (job.state === 'done' && job.result) {
      const reveal = job.result.reveal;
      push(
        {
          tone: 'success',
          key: 'clips',
          title: 'Clips exported',
          body: `${job.result.clips.length} ${job.result.clips.length === 1 ? 'clip' : 'clips'}${job.result.reel ? ' and a reel' : ''}`,
          action: { label: 'Show in folder', run: () => void useExport.getState().showInFolder(reveal) },
        },
        15_000,
      );
    } else if (job.state === 'failed' && job.error) {
      push({ tone: 'danger', key: 'clips', title: 'Clip export failed', body: job.error.message }, 15_000);
    }
  };
  const options = () => {
    const { target, prefs } = get();
    return {
      workspace_id: target!.workspaceId,
      project_id: target!.projectId,
      selection: target!.selection,
      pad_ms: Math.round(prefs.padSeconds * 1000),
      include_participant: prefs.includeParticipant,
      redact: prefs.redact,
      audio_only: leavesPictureOut(get()),
    };
  };
  const progress = (p: Partial<ClipJob>) => {
    const job = get().job;
    if (job?.state === 'running') set({ job: { ...job, ...p } });
  };
  /**
   * The frame-exact export: each planned clip not left out, in order, cut here and written by main into one
   * export; then main joins the reel and sums up (clips.exactFinish). Any failure or Cancel cancels main's
   * export too, so nothing half-written stays.
   */
  const exportExactly = async (exportId: string, folder: string): Promise<ClipExportView> => {
    const { plan, prefs, unticked } = get();
    const o = options();
    const abort = new AbortController();
    exactAbort = abort;
    const wanted = (plan?.clips ?? []).filter((c) => c.reason === null && !unticked.includes(c.highlight_id));
    const leftOut = (plan?.clips ?? [])
      .filter((c) => !wanted.includes(c))
      .map((c) => ({ highlight_id: c.highlight_id, participant: c.label, reason: c.reason ?? 'You left it out.', chosen: c.reason === null }));
    try {
      const written: { highlight_id: string; file: string; duration_ms: number }[] = [];
      let codec = '';
      for (const [i, c] of wanted.entries()) {
        progress({ done: i, current: c.label, fraction: 0 });
        const clip = await exportExactClip(
          exactBridge,
          {
            workspaceId: o.workspace_id,
            projectId: o.project_id,
            highlightId: c.highlight_id,
            padMs: o.pad_ms,
            includeParticipant: o.include_participant,
            redact: o.redact,
            folder,
            exportId,
            n: i + 1,
            title: plan!.title,
          },
          { signal: abort.signal, onProgress: (fraction) => progress({ fraction }) },
        );
        if (abort.signal.aborted) throw new UiError('export_cancelled', 'The export was cancelled. No files were left behind.');
        written.push({ highlight_id: c.highlight_id, file: clip.file, duration_ms: Math.max(1, Math.round(clip.durationMs)) });
        codec = clip.codec;
      }
      progress({ done: wanted.length, current: prefs.reel ? 'reel' : null, fraction: 0 });
      return await call(
        api().clips.exactFinish({
          workspace_id: o.workspace_id,
          project_id: o.project_id,
          pad_ms: o.pad_ms,
          include_participant: o.include_participant,
          redact: o.redact,
          export_id: exportId,
          folder,
          title: plan!.title,
          reel: prefs.reel,
          clips: written,
          left_out: leftOut,
          codec,
        }),
      );
    } catch (e) {
      // Cancelled by the researcher: whatever then failed (the cut, a write, the finish) failed because of it.
      const cancelled = abort.signal.aborted;
      abort.abort();
      // Main removes whatever this export wrote; a second cancel (after Cancel's) changes nothing.
      await call(api().clips.cancel({ export_id: exportId })).catch(() => undefined);
      throw cancelled ? new UiError('export_cancelled', 'The export was cancelled. No files were left behind.') : exactError(e);
    } finally {
      if (exactAbort === abort) exactAbort = null;
    }
  };
  return {
    workspaceId: null,
    target: null,
    prefs: DEFAULT_PREFS,
    plan: null,
    planError: null,
    planning: false,
    unticked: [],
    job: null,
    exactAbility: null,
    open(target) {
      listen();
      // Asked once per window: the encoders do not come and go.
      if (get().exactAbility === null) {
        void canCutExactly().then(
          (exactAbility) => set({ exactAbility }),
          (e: unknown) =>
            set({ exactAbility: { ok: false, reason: `Frame-exact cuts are not available here: ${e instanceof Error ? e.message : String(e)}` } }),
        );
      }
      const running = get().job?.state === 'running';
      set({ target, plan: null, planError: null, unticked: [], ...(running ? {} : { job: null }) });
      useExport.getState().offerLastFolder();
      void get().replan();
    },
    close() {
      set({ target: null, plan: null, planError: null });
      const job = get().job;
      if (job && job.state !== 'running') set({ job: null });
    },
    setPrefs(p) {
      const before = get().prefs;
      const prefs = { ...before, ...p };
      prefs.padSeconds = Math.min(MAX_PAD_SECONDS, Math.max(0, Number.isFinite(prefs.padSeconds) ? prefs.padSeconds : 0));
      set({ prefs });
      // Labels, times and redaction warnings depend on these; the reel does not.
      if (prefs.padSeconds !== before.padSeconds || prefs.includeParticipant !== before.includeParticipant || prefs.redact !== before.redact) {
        void get().replan();
      }
    },
    tick: (id, on) => set((s) => ({ unticked: on ? s.unticked.filter((x) => x !== id) : [...new Set([...s.unticked, id])] })),
    async replan() {
      if (!get().target) return;
      const seq = ++planSeq;
      set({ planning: true, planError: null });
      try {
        const plan = await call(api().clips.plan(options()));
        if (seq === planSeq) set({ plan, planning: false });
      } catch (e) {
        if (seq === planSeq) set({ planError: UiError.from(e), planning: false });
      }
    },
    async start() {
      const { target, prefs, unticked } = get();
      const folder = useExport.getState().folder;
      if (!target || !folder || get().job?.state === 'running') return;
      const exportId = crypto.randomUUID();
      const exact = cutsExactly(get());
      const total = clipsToCut(get()) + (prefs.reel ? 1 : 0);
      const job: ClipJob = { exportId, done: 0, total, current: null, state: 'running', result: null, error: null, exact, fraction: 0 };
      set({ job });
      try {
        const result = exact
          ? await exportExactly(exportId, folder)
          : await call(api().clips.export({ ...options(), export_id: exportId, folder, reel: prefs.reel, leave_out: unticked }));
        const done: ClipJob = { ...(get().job ?? job), state: 'done', result };
        set({ job: done });
        finished(done);
      } catch (e) {
        const failed: ClipJob = { ...(get().job ?? job), ...stoppedBy(e) };
        set({ job: failed });
        finished(failed);
      }
    },
    async cancel() {
      const job = get().job;
      if (job?.state !== 'running') return;
      // Frame-exact: the cut under way here, and main's export, which removes the clips it has written.
      if (job.exact) exactAbort?.abort();
      await call(api().clips.cancel({ export_id: job.exportId })).catch(() => undefined);
    },
  };
});

/**
 * Opens the Export clips dialog for these clips: a code's segments, or highlights in the order given (a
 * hand-picked reel). The workspace is the one shown; the study is `projectId`, else the one open.
 */
export function openClipExport(o: { selection: ClipSelectionInput; title: string; projectId?: string }): void {
  const route = useNav.getState().route;
  const projectId = o.projectId ?? ('projectId' in route ? route.projectId : null);
  const workspaceId = useClips.getState().workspaceId;
  if (!workspaceId || !projectId) {
    useToasts.getState().push({ tone: 'info', key: 'clips', title: 'Open a study to export clips', body: 'Clips are cut from a study’s saved videos.' });
    return;
  }
  useClips.getState().open({ workspaceId, projectId, selection: o.selection, title: o.title });
}
