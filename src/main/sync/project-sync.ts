import type { InterviewRecord, InterviewsPage } from '../../shared/schemas/interview';
import type { ProjectListItem } from '../../shared/schemas/project';
import { untimedTurns } from '../../shared/schemas/transcript';
import { packFullRecords } from '../cache/queries/full-records';
import type { SideReadKind } from '../cache/queries/project-extras';
import { AppError } from '../errors';
import { readAllPages, readTailOnly } from './interview-pages';
import { estimateOf, type SyncRun } from './run-context';

/**
 * One study's part of a sync: its side reads (embed, allow-list, stimuli, report) beside its interviews.
 * The first sync reads full pages; later ones read the light listing (or only its changing end) and fetch
 * in full just what is new or changed. What records arrived with is reported once per study at the end.
 */
export async function syncProject(run: SyncRun, p: ProjectListItem): Promise<void> {
  const { cache, client: c, so } = run;
  const previously = await cache.call('sync.state', { scope: `project:${p.id}` });
  await cache.call('sync.started', { scope: `project:${p.id}`, now: run.iso() });
  const launched = p.recruiting?.has_launched ?? true;
  const hasCompletes = (p.recruiting?.completed_participants ?? 1) > 0;

  const extrasDone = readStudySides(run, p.id, hasCompletes);

  const estimate = estimateOf(p);
  // Idempotent: reading page 1 twice (the cheap re-sync falling back to a full walk) adjusts once.
  let countedTotal = estimate;
  const onTotal = (total: number) => {
    run.progress.total += total - countedTotal;
    countedTotal = total;
    run.emit();
  };
  const kept = keptTally();
  try {
    if (launched) {
      const cached = await cache.call('interviews.count', { projectId: p.id });
      const record = (w: { changed: string[]; newlyComplete: string[] }, items: number) => {
        run.written += w.changed.length;
        run.progress.done += items;
        if (previously?.last_completed_at && w.newlyComplete.length > 0) run.newComplete.push({ project_id: p.id, interview_ids: w.newlyComplete });
        run.emit();
      };
      const saveFull = async (items: InterviewRecord[], skipEmpty = false) => {
        kept.note(items);
        if (items.length === 0 && skipEmpty) return;
        // Packed here, so the cache thread gets strings to write rather than thousands of turn objects to
        // clone, and the records themselves need not be held while the write waits its turn.
        const count = items.length;
        const packed = packFullRecords({ projectId: p.id, items, now: run.iso() });
        record(await cache.call('interviews.saveFullRecords', packed), count);
      };
      if (cached === 0) {
        await readFirstTime(run, p.id, onTotal, (page) => saveFull(page.items));
      } else {
        const saveLight = async (page: InterviewsPage) => {
          const w = await cache.call('interviews.saveLightPage', { projectId: p.id, items: page.items, now: run.iso() });
          record(w, page.items.length);
          return w;
        };
        if ((await run.walkDue(p.id)) || !(await readTailOnly(run, p.id, cached, onTotal, saveLight))) {
          await readAllPages(run, p.id, { full: false, onTotal, onPage: saveLight });
          await run.markWalked(p.id);
        }
        const pending = await cache.call('interviews.pendingDetailIds', { projectId: p.id });
        if (pending.length > 0) {
          run.progress.total += pending.length;
          run.progress.phase = 'details';
          run.emit();
          const want = new Set(pending);
          const saveWanted = (items: InterviewRecord[]) =>
            saveFull(
              items.filter((i) => want.has(i.id)),
              true,
            );
          if (pending.length <= run.singleFetchMax) {
            await Promise.all(
              pending.map((id) =>
                run.limit(async () =>
                  saveWanted((await run.counted(() => c.listInterviews(p.id, { interview_id: id, transcripts: true, screener: true }, so))).items),
                ),
              ),
            );
          } else {
            await readAllPages(run, p.id, { full: true, onTotal: () => undefined, onPage: (page) => saveWanted(page.items) });
          }
        }
      }
      // Once the study's interviews are all in, so new ones get their codes in order of completion rather
      // than of the pages they came in (queries/participant-codes.ts); codes already given never change.
      await cache.call('participants.assign', { projectId: p.id });
    }
  } finally {
    // Settled whether the interviews worked or not, so no side read outlives the study's sync.
    await extrasDone;
  }
  reportStudyIssues(run, p.id, kept);
  if (!launched) {
    run.progress.done += estimate;
    run.emit();
  }
}

/**
 * A study's first sync: full pages straight away. Into an empty cache they are written without the turn
 * key's index, which is built once at the end (queries/turn-key.ts), whether the read worked or not.
 */
async function readFirstTime(run: SyncRun, projectId: string, onTotal: (total: number) => void, onPage: (p: InterviewsPage) => Promise<void>): Promise<void> {
  const { bulk } = await run.cache.call('turns.beginBulkLoad');
  try {
    await readAllPages(run, projectId, { full: true, onTotal, onPage });
  } catch (e) {
    // The read's error is the one to report.
    if (bulk) await run.cache.call('turns.endBulkLoad').catch(() => undefined);
    throw e;
  }
  if (bulk) await run.cache.call('turns.endBulkLoad');
  await run.markWalked(projectId);
}

/**
 * Small per-study resources, fetched side by side under the shared limit. Each settles on its own (a
 * refusal is stored as "not available" with the reason), so none can fail the study's sync or be left
 * rejecting unobserved while the interviews are read. What to read never depends on the list item's
 * `type`, which the contract does not give: a study without stimuli says so itself.
 */
function readStudySides(run: SyncRun, projectId: string, hasCompletes: boolean): Promise<void[]> {
  const { cache, client: c, so } = run;
  const read = <T>(kind: SideReadKind, call: () => Promise<T>, save: (v: T) => Promise<unknown>) => run.sideRead(projectId, kind, call, save);
  const extras: Promise<void>[] = [
    read(
      'embed',
      () => c.getEmbed(projectId, so),
      (embed) => cache.call('embeds.save', { projectId, embed, now: run.iso() }),
    ),
    read(
      'allow_list',
      () => c.getAllowList(projectId, so),
      (allowList) => cache.call('embeds.save', { projectId, allowList, now: run.iso() }),
    ),
    read(
      'stimuli',
      () => c.listStimuli(projectId, so),
      (s) => cache.call('stimuli.save', { projectId, items: s.items }),
    ),
  ];
  if (hasCompletes) {
    extras.push(
      read(
        'report',
        () => c.getReport(projectId, so),
        async (report) => {
          // An answer with no report in it ("no report yet") is not a report to keep.
          if (!report.report_id && report.status === 'unknown') throw new AppError('no_report', 'The service has no report for this study yet.');
          await cache.call('reports.save', { projectId, report, now: run.iso() });
        },
      ),
    );
  }
  return Promise.all(extras);
}

/** What records arrived with, counted per study: turns kept without a readable time, open maps kept shortened. */
function keptTally() {
  const t = {
    untimedTurns: 0,
    untimedInterviews: 0,
    cut: 0,
    note(items: InterviewRecord[]) {
      for (const i of items) {
        if (i.participant?.cut || i.screener?.cut) t.cut += 1;
        const n = untimedTurns(i.transcript);
        if (n > 0) {
          t.untimedTurns += n;
          t.untimedInterviews += 1;
        }
      }
    },
  };
  return t;
}

/** Says once per study, not once per interview, what could not be read or was kept shortened. */
function reportStudyIssues(run: SyncRun, projectId: string, kept: ReturnType<typeof keptTally>): void {
  const rejected = run.rejectedIn(projectId);
  if (rejected > 0) {
    run.issues.push({
      project_id: projectId,
      code: 'records_unreadable',
      message: `${rejected} interview record${rejected === 1 ? '' : 's'} could not be read (an id Fieldwork cannot use, or a missing field) and ${rejected === 1 ? 'was' : 'were'} left out; the others are saved.`,
    });
  }
  if (kept.cut > 0) {
    run.issues.push({
      project_id: projectId,
      code: 'values_cut',
      message: `${kept.cut} interview${kept.cut === 1 ? ' had' : 's had'} participant or screener values too large or too deeply nested; they are kept shortened, marked "… (cut: …)".`,
    });
  }
  if (kept.untimedTurns > 0) {
    run.issues.push({
      project_id: projectId,
      code: 'time_unknown',
      message: `${kept.untimedTurns} transcript turn${kept.untimedTurns === 1 ? '' : 's'} in ${kept.untimedInterviews} interview${kept.untimedInterviews === 1 ? '' : 's'} had no time Fieldwork could read; they are kept and shown as "time unknown".`,
    });
  }
}
