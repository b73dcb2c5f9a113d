import { create } from 'zustand';
import { PARTICIPANT_FORMATS, PROJECT_FORMATS, REPORT_EXPORT_FORMATS, type ExportFormat, type SpeakerLabelChoice } from '../../../shared/exports';
import type { ExportRunView } from '../../../shared/ipc/channels/exports';
import { useToasts } from '../../components/Toasts';
import { api, call, UiError } from '../../lib/api';

/** What an export covers: the whole study, the interviews ticked in the table, or the one being viewed. */
export type ExportScope = { kind: 'project' } | { kind: 'selection'; interviewIds: string[] } | { kind: 'interview'; interviewId: string; label: string };

export type ExportContext = {
  workspaceId: string;
  projectId: string;
  projectTitle: string;
  hasReport: boolean;
  /** The scopes offered, the first chosen; a selection adds "Selected interviews" beside "Whole study". */
  scopes: ExportScope[];
};

export type ExportPrefs = {
  formats: ExportFormat[];
  target: 'folder' | 'zip';
  includeParticipant: boolean;
  lineEnding: 'lf' | 'crlf';
  speakerLabels: SpeakerLabelChoice;
  bom: boolean;
  /** Pseudonyms and the study's accepted redactions in every file (issue 14 §2). */
  redact: boolean;
  /** Also participant-key.csv, who each code is; never with redaction (participantKeyReason). */
  participantKey: boolean;
};

export type ExportJob = {
  exportId: string;
  projectTitle: string;
  done: number;
  total: number | null;
  state: 'running' | 'done' | 'failed' | 'cancelled';
  result: ExportRunView | null;
  error: UiError | null;
};

type ExportState = {
  context: ExportContext | null;
  scope: ExportScope | null;
  prefs: ExportPrefs;
  folder: string | null;
  folderError: UiError | null;
  job: ExportJob | null;
  open(context: ExportContext): void;
  close(): void;
  setScope(scope: ExportScope): void;
  setPrefs(p: Partial<ExportPrefs>): void;
  toggleFormat(f: ExportFormat, on: boolean): void;
  chooseFolder(): Promise<void>;
  /** Offers the last export folder (when it still exists) until one is chosen; every export dialog calls it on opening. */
  offerLastFolder(): void;
  start(): Promise<void>;
  cancel(): Promise<void>;
  showInFolder(path: string): Promise<void>;
};

const DEFAULT_PREFS: ExportPrefs = {
  formats: ['docx', 'txt'],
  target: 'folder',
  includeParticipant: false,
  lineEnding: 'lf',
  speakerLabels: 'interviewer-participant',
  bom: false,
  redact: false,
  participantKey: false,
};

/**
 * Why the participant key cannot be saved with these options, or null when it can: a redacted export must not
 * carry who each code is (issue 21 §3), which main refuses too; the dialog says so rather than failing.
 */
export function participantKeyReason(prefs: Pick<ExportPrefs, 'redact'>): string | null {
  return prefs.redact ? 'Not with redaction: the key says who each code is. Export it on its own, without redaction, and keep it apart.' : null;
}

/**
 * Why a format cannot be ticked for this scope and these options, or null when it can. The one place the
 * rules live: the dialog shows the reason, and only formats without one are sent.
 */
export function unavailableReason(f: ExportFormat, context: ExportContext, scope: ExportScope, prefs: ExportPrefs): string | null {
  if (!PROJECT_FORMATS.includes(f)) return null;
  if (scope.kind === 'interview') return 'For the whole study';
  if (REPORT_EXPORT_FORMATS.includes(f) && !context.hasReport) return 'No report yet';
  if (PARTICIPANT_FORMATS.includes(f) && !prefs.includeParticipant) return 'Tick "Include participant data"';
  return null;
}

/** The chosen formats that apply now: a format greyed out by the options is not sent. */
export function chosenFormats(state: Pick<ExportState, 'context' | 'scope' | 'prefs'>): ExportFormat[] {
  const { context, scope, prefs } = state;
  if (!context || !scope) return [];
  return prefs.formats.filter((f) => unavailableReason(f, context, scope, prefs) === null);
}

/** How an export that threw ended: cancelled (nothing to say, nothing left behind) or failed with its error. */
export function stoppedBy(e: unknown): { state: 'cancelled' | 'failed'; error: UiError | null } {
  const err = UiError.from(e);
  return err.code === 'export_cancelled' ? { state: 'cancelled', error: null } : { state: 'failed', error: err };
}

let listening = false;

/**
 * The Export dialog's state and the running export. It lives here, not in the dialog, so an export
 * carries on (and can be cancelled) when the dialog is closed or the researcher moves on; a toast says
 * when it is done.
 */
export const useExport = create<ExportState>((set, get) => {
  const listen = () => {
    if (listening) return;
    listening = true;
    api().events.on('exports.progress', (p) => {
      const job = get().job;
      if (!job || job.exportId !== p.export_id || job.state !== 'running') return;
      set({ job: { ...job, done: p.files_done, total: p.files_total ?? job.total } });
    });
  };
  const finished = (job: ExportJob) => {
    // The dialog shows the outcome itself; once it is closed, a toast does.
    if (get().context) return;
    const push = useToasts.getState().push;
    if (job.state === 'done' && job.result) {
      const reveal = job.result.reveal;
      push(
        {
          tone: 'success',
          key: 'export',
          title: 'Export finished',
          body: `${job.result.files} ${job.result.files === 1 ? 'file' : 'files'} from ${job.projectTitle}`,
          action: { label: 'Show in folder', run: () => void get().showInFolder(reveal) },
        },
        15_000,
      );
    } else if (job.state === 'failed' && job.error) {
      push({ tone: 'danger', key: 'export', title: 'Export failed', body: job.error.message }, 15_000);
    }
  };
  return {
    context: null,
    scope: null,
    prefs: DEFAULT_PREFS,
    folder: null,
    folderError: null,
    job: null,
    open(context) {
      listen();
      const running = get().job?.state === 'running';
      set({ context, scope: context.scopes[0] ?? { kind: 'project' }, folderError: null, ...(running ? {} : { job: null }) });
      get().offerLastFolder();
    },
    offerLastFolder() {
      if (get().folder !== null) return;
      void call(api().exports.lastFolder())
        .then(({ folder }) => {
          if (get().folder === null) set({ folder });
        })
        .catch(() => undefined);
    },
    close() {
      set({ context: null, scope: null });
      const job = get().job;
      if (job && job.state !== 'running') set({ job: null });
    },
    setScope: (scope) => set({ scope }),
    setPrefs: (p) =>
      set((s) => {
        const prefs = { ...s.prefs, ...p };
        // Names are participant data: they go when participant data does.
        if (!prefs.includeParticipant && prefs.speakerLabels === 'name') prefs.speakerLabels = 'interviewer-participant';
        return { prefs };
      }),
    toggleFormat: (f, on) =>
      set((s) => ({ prefs: { ...s.prefs, formats: on ? [...new Set([...s.prefs.formats, f])] : s.prefs.formats.filter((x) => x !== f) } })),
    async chooseFolder() {
      set({ folderError: null });
      try {
        const chosen = await call(api().exports.chooseFolder(get().folder ? { default_path: get().folder! } : undefined));
        if (chosen) set({ folder: chosen.folder });
      } catch (e) {
        set({ folderError: UiError.from(e) });
      }
    },
    async start() {
      const { context, scope, prefs, folder } = get();
      if (!context || !scope || !folder || get().job?.state === 'running') return;
      const formats = chosenFormats(get());
      const exportId = crypto.randomUUID();
      const job: ExportJob = { exportId, projectTitle: context.projectTitle, done: 0, total: null, state: 'running', result: null, error: null };
      set({ job });
      const interviewIds = scope.kind === 'project' ? null : scope.kind === 'selection' ? scope.interviewIds : [scope.interviewId];
      try {
        const result = await call(
          api().exports.run({
            workspace_id: context.workspaceId,
            project_id: context.projectId,
            export_id: exportId,
            interview_ids: interviewIds,
            formats,
            folder,
            target: prefs.target,
            include_participant: prefs.includeParticipant,
            line_ending: prefs.lineEnding,
            speaker_labels: prefs.speakerLabels,
            bom: prefs.bom,
            ...(prefs.redact ? { redact: true } : {}),
            ...(prefs.participantKey && participantKeyReason(prefs) === null ? { participant_key: true } : {}),
          }),
        );
        const done: ExportJob = { ...(get().job ?? job), state: 'done', done: result.files, total: result.files, result };
        set({ job: done });
        finished(done);
      } catch (e) {
        const failed: ExportJob = { ...(get().job ?? job), ...stoppedBy(e) };
        set({ job: failed });
        finished(failed);
      }
    },
    async cancel() {
      const job = get().job;
      if (job?.state === 'running') await call(api().exports.cancel({ export_id: job.exportId })).catch(() => undefined);
    },
    async showInFolder(path) {
      try {
        await call(api().app.showInFolder({ path }));
      } catch (e) {
        useToasts.getState().push({ tone: 'warning', key: 'export', title: 'Could not show the export', body: UiError.from(e).message });
      }
    },
  };
});
