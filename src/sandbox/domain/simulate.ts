import { randomUUID } from 'node:crypto';
import type { Interview, ScreenerAnswers, WireTurn } from '../store/interviews';
import type { Project, ScreenerQuestion } from '../store/projects';
import { SentenceUse, topicFor, writeInterview, type ScriptTurn, type Topic } from './answers';
import { personAt } from './names';
import type { SampleVideo } from './sample-media';
import { contentStems, hash32, seededRandom } from './text';

const ROLES = ['Nurse', 'Software engineer', 'Teacher', 'Student', 'Retired', 'Designer', 'Shop manager', 'Accountant', 'Parent at home', 'Consultant'];
const PLANS = ['2 people · 3 recipes', '2 people · 4 recipes', '4 people · 3 recipes', 'Family · 5 recipes', 'Single · 2 recipes'];

export type SimCounts = { completed: number; incomplete: number; started: number };

const OPENERS = ['Honestly,', 'I think', 'For me,', 'To be fair,', 'Mostly,', 'Well,', 'If I am honest,', 'I would say'];
const TOPICS = [
  'the price felt high for what arrived each week',
  'the delivery window was hard to plan around',
  'the recipes started to feel repetitive after a month',
  'there was far too much plastic packaging',
  'skipping a week in the app was confusing',
  'the ingredients were fresh and the portions generous',
  'cooking on busy evenings took longer than promised',
  'customer support answered quickly when a box was late',
  'the kraft box concept looked sturdier than the pouch',
  'I would pay more for recyclable packaging',
];
const CLOSERS = ['', ' That is what stuck with me.', ' It happened more than once.', ' My partner felt the same.', ' I mentioned it to friends too.'];

/**
 * Long synthetic transcripts (for load tests): `turns` alternating AI/User turns built from a phrase
 * bank. Their timestamps are plausible but do not follow any sample video.
 */
export function syntheticLongTranscript(project: Project, turns: number, rand: () => number): WireTurn[] {
  const out: WireTurn[] = [];
  let t = 0.5;
  for (let i = 0; i < turns; i++) {
    const ai = i % 2 === 0;
    const q = project.questions[Math.floor(i / 2) % Math.max(1, project.questions.length)];
    const text = ai
      ? (q?.question ?? 'Could you tell me more about that?')
      : `${OPENERS[Math.floor(rand() * OPENERS.length)]} ${TOPICS[Math.floor(rand() * TOPICS.length)]}.${CLOSERS[Math.floor(rand() * CLOSERS.length)]}`;
    const len = Math.max(1.5, text.split(/\s+/).length / 2.6);
    out.push({ role: ai ? 'AI' : 'User', text, start: round(t), end: round(t + len) });
    t += len + 0.6;
  }
  return out;
}

const projectText = (project: Project) => [project.title, project.research_objective ?? '', ...project.questions.map((q) => q.question)].join(' ');

/**
 * Which sample videos fit a project: those of the topic (churn, packaging…) whose recordings share the
 * most words with its title, objective and questions, so a churn study never plays a packaging
 * interview. Scored per topic, not per video, because a short recording shares fewer words than a
 * long one without being any less on topic. With no overlap at all, every video fits.
 */
export function videosFor(project: Project, videos: SampleVideo[]): SampleVideo[] {
  if (videos.length === 0) return [];
  const mine = new Set(contentStems(projectText(project)));
  const topics = [...new Set(videos.map((v) => v.topic))];
  const scored = topics.map((topic) => {
    const said = new Set(
      contentStems(
        videos
          .filter((v) => v.topic === topic)
          .flatMap((v) => v.turns.map((t) => t.text))
          .join(' '),
      ),
    );
    return { topic, score: [...mine].filter((s) => said.has(s)).length };
  });
  const best = Math.max(...scored.map((s) => s.score));
  if (best === 0) return videos;
  const chosen = new Set(scored.filter((s) => s.score === best).map((s) => s.topic));
  return videos.filter((v) => chosen.has(v.topic));
}

/** What a project already has, so new simulated interviews neither replay a recording nor repeat a name. */
export type Taken = { videoKeys: ReadonlySet<string>; names: ReadonlySet<string> };

/**
 * Makes simulated interview records. Each completed or incomplete one gets a sample video of the
 * project's topic that the project has not used yet (a complete recording for a completed interview, a
 * cut-short one for an incomplete one), with that video's own transcript, timed to its speech, and the
 * video's speaker as the participant. Once the project has used every fitting video, interviews come
 * without a video: a participant with a name nobody in the project has, and a transcript of their own
 * written for the project's questions. Started ones have no transcript yet. Every participant gets
 * metadata with custom fields, and screener answers when the project has a screener.
 */
export function simulateInterviews(args: {
  project: Project;
  counts: SimCounts;
  videos: SampleVideo[];
  nowMs: number;
  existing: number;
  taken?: Taken;
  /** When set, every transcript is synthetic with this many turns (load tests), instead of a video's own. */
  transcriptTurns?: number;
}): Interview[] {
  const { project, counts, nowMs } = args;
  const taken: Taken = args.taken ?? { videoKeys: new Set(), names: new Set() };
  const rand = seededRandom(hash32(`${project.id}:${args.existing}`));
  const pool = videosFor(project, args.videos);
  const unused = (complete: boolean) =>
    pool.filter((v) => v.complete === complete && !taken.videoKeys.has(`sample:${v.id}`) && !taken.names.has(v.participantName));
  const free = { COMPLETE: unused(true), INCOMPLETE: unused(false) };
  const names = new Set(taken.names);
  // Sample speakers are kept for their own recordings, so a later interview with that video never meets a namesake.
  const speakers = new Set(args.videos.map((v) => v.participantName));
  let person = args.existing;
  const nextName = (): string => {
    for (;;) {
      const name = personAt(person++).name;
      if (!names.has(name) && !speakers.has(name)) return name;
    }
  };
  const poolTopics = new Set(pool.map((v) => v.topic));
  const [only] = [...poolTopics];
  const topic: Topic = poolTopics.size === 1 && (only === 'churn' || only === 'packaging') ? only : topicFor(projectText(project));
  const use = new SentenceUse();
  const written = new Set<string>();
  const out: Interview[] = [];
  const total = counts.completed + counts.incomplete + counts.started;
  for (let i = 0; i < total; i++) {
    const k = args.existing + i;
    const status = i < counts.completed ? 'COMPLETE' : i < counts.completed + counts.incomplete ? 'INCOMPLETE' : 'STARTED';
    const video = status === 'STARTED' ? null : (free[status].shift() ?? null);
    // Spread over the past few days, newest last, so "newest first" ordering is visible.
    const endedMs = nowMs - (total - i) * 47 * 60_000 - Math.floor(rand() * 20 * 60_000);
    const name = video ? video.participantName : nextName();
    names.add(name);
    const participant = participantFor(name, rand);
    const screener = project.screener ? screenerFor(project.screener, status !== 'INCOMPLETE' || rand() > 0.5, rand) : null;
    let transcript: WireTurn[] | null = null;
    if (args.transcriptTurns && status !== 'STARTED') {
      const full = syntheticLongTranscript(project, args.transcriptTurns, rand);
      transcript = status === 'COMPLETE' ? full : full.slice(0, 3);
    } else if (video) {
      transcript = video.turns;
    } else if (status !== 'STARTED') {
      transcript = timed(freshScript({ topic, project, status, k, use, written }));
    }
    const spoken = transcript?.at(-1)?.end;
    const durationS = video ? Math.round(video.durationS) : spoken !== undefined ? Math.ceil(spoken + 0.8) : null;
    const startedMs = endedMs - (durationS ?? 60 + Math.floor(rand() * 240)) * 1000;
    const id = randomUUID();
    out.push({
      id,
      project_id: project.id,
      user_interview_id: id,
      status,
      source: 'simulated',
      started_at: new Date(startedMs).toISOString(),
      completed_at: status === 'COMPLETE' ? new Date(endedMs).toISOString() : null,
      duration_seconds: status === 'STARTED' ? null : durationS,
      video_key: video ? `sample:${video.id}` : null,
      participant,
      transcript,
      screener,
    });
  }
  return out;
}

/**
 * A transcript written for this project's own questions, different from every other one written in
 * this call (a repeat, which only a study of thousands of terse participants could produce, is
 * rewritten with another seed a few times before it is let through).
 */
function freshScript(a: {
  topic: Topic;
  project: Project;
  status: 'COMPLETE' | 'INCOMPLETE';
  k: number;
  use: SentenceUse;
  written: Set<string>;
}): ScriptTurn[] {
  let turns: ScriptTurn[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    turns = writeInterview({
      topic: a.topic,
      questions: a.project.questions,
      status: a.status,
      index: a.k,
      seed: `${a.project.id}:${a.k}:${attempt}`,
      use: a.use,
    }).turns;
    const key = JSON.stringify(turns);
    if (!a.written.has(key)) {
      a.written.add(key);
      break;
    }
  }
  return turns;
}

/** Times a written transcript as speech: about 2.6 words a second, with a short pause between turns. */
function timed(turns: ScriptTurn[]): WireTurn[] {
  let t = 0.5;
  return turns.map((turn) => {
    const len = Math.max(1, turn.text.split(/\s+/).length / 2.6);
    const out = { ...turn, start: round(t), end: round(t + len) };
    t += len + 0.6;
    return out;
  });
}

function participantFor(name: string, rand: () => number): Record<string, unknown> {
  return {
    name,
    // Names are unique within a project, and so, being made from them, are the addresses.
    email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
    role: ROLES[Math.floor(rand() * ROLES.length)],
    plan: PLANS[Math.floor(rand() * PLANS.length)],
    tenure_months: 1 + Math.floor(rand() * 30),
    city: ['Leeds', 'Bristol', 'Manchester', 'Glasgow', 'London', 'Cardiff'][Math.floor(rand() * 6)],
  };
}

function screenerFor(questions: ScreenerQuestion[], pass: boolean, rand: () => number): ScreenerAnswers {
  const q: Record<string, { text: string }> = {};
  const a: Record<string, string> = {};
  let approved = true;
  for (const sq of questions) {
    q[sq.id] = { text: sq.text };
    const good = sq.pass && sq.pass.length > 0 ? sq.pass[Math.floor(rand() * sq.pass.length)]! : (sq.options?.[0] ?? 'Yes');
    const bad = sq.options?.find((o) => !sq.pass?.includes(o)) ?? 'No';
    const answerText = pass || !sq.pass ? good : bad;
    if (sq.pass && !sq.pass.includes(answerText)) approved = false;
    a[sq.id] = answerText;
  }
  return { approved, questions: q, answers: a };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
