import { randomUUID } from 'node:crypto';
import type { Interview, ScreenerAnswers, WireTurn } from '../store/interviews';
import type { Project, ScreenerQuestion } from '../store/projects';
import type { SampleVideo } from './sample-media';
import { contentStems, hash32, seededRandom } from './text';

const FIRST = [
  'Amara',
  'Ben',
  'Chloe',
  'Diego',
  'Elif',
  'Farah',
  'George',
  'Hana',
  'Ivan',
  'Jonas',
  'Keisha',
  'Liam',
  'Maya',
  'Noah',
  'Olu',
  'Priya',
  'Quinn',
  'Rosa',
  'Sam',
  'Tomasz',
  'Uma',
  'Vikram',
  'Wen',
  'Yusuf',
  'Zoe',
];
const LAST = [
  'Okafor',
  'Hughes',
  'Martin',
  'Alvarez',
  'Demir',
  'Haddad',
  'Papadopoulos',
  'Sato',
  'Petrov',
  'Berg',
  'Johnson',
  'Murphy',
  'Cohen',
  'Williams',
  'Adeyemi',
  'Sharma',
  'Taylor',
  'Fernandes',
  'Lee',
  'Nowak',
  'Rao',
  'Singh',
  'Chen',
  'Khan',
  'Dubois',
];
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

/** Which sample videos fit a project: those sharing the most words with its title, objective and questions. */
export function videosFor(project: Project, videos: SampleVideo[]): SampleVideo[] {
  if (videos.length === 0) return [];
  const mine = new Set(contentStems([project.title, project.research_objective ?? '', ...project.questions.map((q) => q.question)].join(' ')));
  const scored = videos.map((v) => ({
    v,
    score: contentStems(v.turns.map((t) => t.text).join(' ')).filter((s) => mine.has(s)).length,
  }));
  const best = Math.max(...scored.map((s) => s.score));
  if (best === 0) return videos;
  return scored.filter((s) => s.score >= best * 0.5).map((s) => s.v);
}

/**
 * Makes simulated interview records. A completed one gets a sample video and that video's own
 * transcript (so the transcript follows the speech), participant metadata with custom fields, and
 * screener answers when the project has a screener. Incomplete ones stop part-way; started ones have
 * nothing yet.
 */
export function simulateInterviews(args: {
  project: Project;
  counts: SimCounts;
  videos: SampleVideo[];
  nowMs: number;
  existing: number;
  /** When set, every transcript is synthetic with this many turns (load tests), instead of a video's own. */
  transcriptTurns?: number;
}): Interview[] {
  const { project, counts, nowMs } = args;
  const rand = seededRandom(hash32(`${project.id}:${args.existing}`));
  const pool = videosFor(project, args.videos);
  const out: Interview[] = [];
  const total = counts.completed + counts.incomplete + counts.started;
  for (let i = 0; i < total; i++) {
    const k = args.existing + i;
    const status = i < counts.completed ? 'COMPLETE' : i < counts.completed + counts.incomplete ? 'INCOMPLETE' : 'STARTED';
    const video = pool.length > 0 ? pool[(k + Math.floor(rand() * pool.length)) % pool.length]! : null;
    // Spread over the past few days, newest last, so "newest first" ordering is visible.
    const endedMs = nowMs - (total - i) * 47 * 60_000 - Math.floor(rand() * 20 * 60_000);
    const durationS = video ? Math.round(video.durationS) : 60 + Math.floor(rand() * 240);
    const startedMs = endedMs - durationS * 1000;
    const participant = participantFor(k, rand, video);
    const screener = project.screener ? screenerFor(project.screener, status !== 'INCOMPLETE' || rand() > 0.5, rand) : null;
    let transcript: WireTurn[] | null = null;
    const full = args.transcriptTurns ? syntheticLongTranscript(project, args.transcriptTurns, rand) : video ? video.turns : syntheticTranscript(project);
    if (status === 'COMPLETE') transcript = full;
    else if (status === 'INCOMPLETE') transcript = full.slice(0, 3);
    const id = randomUUID();
    out.push({
      id,
      project_id: project.id,
      user_interview_id: id,
      status,
      source: 'simulated',
      started_at: new Date(startedMs).toISOString(),
      completed_at: status === 'COMPLETE' ? new Date(endedMs).toISOString() : null,
      duration_seconds: status === 'STARTED' ? null : status === 'INCOMPLETE' ? Math.round(durationS / 3) : durationS,
      video_key: status === 'STARTED' || !video ? null : `sample:${video.id}`,
      participant,
      transcript,
      screener,
    });
  }
  return out;
}

function participantFor(k: number, rand: () => number, video: SampleVideo | null): Record<string, unknown> {
  // The video's speaker keeps their own name the first time round, so the face and voice match the record.
  const name = video && k < 5 ? video.participantName : `${FIRST[k % FIRST.length]} ${LAST[(k * 7 + 3) % LAST.length]}`;
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}${k >= 25 ? k : ''}@example.com`;
  return {
    name,
    email,
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

/** Used only when no sample video exists: the project's questions with brief answers. */
function syntheticTranscript(project: Project): WireTurn[] {
  const turns: WireTurn[] = [];
  let t = 0.5;
  for (const q of project.questions) {
    const qd = Math.max(2, q.question.split(/\s+/).length / 2.6);
    turns.push({ role: 'AI', text: q.question, start: t, end: round(t + qd) });
    t = round(t + qd + 0.6);
    const reply = 'I would need to think about that, but overall it has been fine for me.';
    turns.push({ role: 'User', text: reply, start: t, end: round(t + 4) });
    t = round(t + 4.6);
  }
  return turns;
}

const round = (x: number) => Math.round(x * 1000) / 1000;
