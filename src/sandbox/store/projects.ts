import type { InteractionMode, ProbingLevel, ProjectStatus, ProjectType, RecruitingType } from '../../shared/schemas/enums';
import type { SandboxDb } from './db';

export type SandboxQuestion = { question: string; probing_level: ProbingLevel };
export type SandboxLanguage = { language_name: string; accent: string };
export type ScreenerQuestion = { id: string; text: string; pass: string[] | null; options: string[] | null };

export type Project = {
  id: string;
  org_id: string;
  interview_id: string;
  title: string;
  type: ProjectType;
  status: ProjectStatus;
  purpose: string | null;
  research_objective: string | null;
  intro_message: string;
  end_message: string | null;
  questions: SandboxQuestion[];
  target_participants: number;
  recruiting_type: RecruitingType;
  languages: SandboxLanguage[];
  interaction_modes: InteractionMode[];
  has_launched: boolean;
  launched_at: string | null;
  survey_questions: boolean;
  screener: ScreenerQuestion[] | null;
  ai_context: string | null;
  target_audience: string | null;
  created_at: string;
};

type Row = Omit<Project, 'questions' | 'languages' | 'interaction_modes' | 'has_launched' | 'survey_questions' | 'screener'> & {
  questions_json: string;
  languages_json: string;
  interaction_modes_json: string;
  has_launched: number;
  survey_questions: number;
  screener_json: string | null;
  seq: number;
};

const toProject = (r: Row): Project => ({
  id: r.id,
  org_id: r.org_id,
  interview_id: r.interview_id,
  title: r.title,
  type: r.type,
  status: r.status,
  purpose: r.purpose,
  research_objective: r.research_objective,
  intro_message: r.intro_message,
  end_message: r.end_message,
  questions: JSON.parse(r.questions_json) as SandboxQuestion[],
  target_participants: r.target_participants,
  recruiting_type: r.recruiting_type,
  languages: JSON.parse(r.languages_json) as SandboxLanguage[],
  interaction_modes: JSON.parse(r.interaction_modes_json) as InteractionMode[],
  has_launched: r.has_launched === 1,
  launched_at: r.launched_at,
  survey_questions: r.survey_questions === 1,
  screener: r.screener_json ? (JSON.parse(r.screener_json) as ScreenerQuestion[]) : null,
  ai_context: r.ai_context,
  target_audience: r.target_audience,
  created_at: r.created_at,
});

export function insertProject(db: SandboxDb, p: Project): void {
  const seq = (db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM projects').get() as { n: number }).n;
  db.prepare(
    `INSERT INTO projects (id, org_id, interview_id, title, type, status, purpose, research_objective, intro_message,
      end_message, questions_json, target_participants, recruiting_type, languages_json, interaction_modes_json,
      has_launched, launched_at, survey_questions, screener_json, ai_context, target_audience, created_at, seq)
     VALUES (@id, @org_id, @interview_id, @title, @type, @status, @purpose, @research_objective, @intro_message,
      @end_message, @questions_json, @target_participants, @recruiting_type, @languages_json, @interaction_modes_json,
      @has_launched, @launched_at, @survey_questions, @screener_json, @ai_context, @target_audience, @created_at, @seq)`,
  ).run(toRow(p, seq));
}

function toRow(p: Project, seq: number): Row {
  return {
    id: p.id,
    org_id: p.org_id,
    interview_id: p.interview_id,
    title: p.title,
    type: p.type,
    status: p.status,
    purpose: p.purpose,
    research_objective: p.research_objective,
    intro_message: p.intro_message,
    end_message: p.end_message,
    questions_json: JSON.stringify(p.questions),
    target_participants: p.target_participants,
    recruiting_type: p.recruiting_type,
    languages_json: JSON.stringify(p.languages),
    interaction_modes_json: JSON.stringify(p.interaction_modes),
    has_launched: p.has_launched ? 1 : 0,
    launched_at: p.launched_at,
    survey_questions: p.survey_questions ? 1 : 0,
    screener_json: p.screener ? JSON.stringify(p.screener) : null,
    ai_context: p.ai_context,
    target_audience: p.target_audience,
    created_at: p.created_at,
    seq,
  };
}

export function updateProject(db: SandboxDb, p: Project): void {
  const { seq: _ignored, ...row } = toRow(p, 0);
  db.prepare(
    `UPDATE projects SET title = @title, type = @type, status = @status, purpose = @purpose,
      research_objective = @research_objective, intro_message = @intro_message, end_message = @end_message,
      questions_json = @questions_json, target_participants = @target_participants, recruiting_type = @recruiting_type,
      languages_json = @languages_json, interaction_modes_json = @interaction_modes_json, has_launched = @has_launched,
      launched_at = @launched_at, survey_questions = @survey_questions, screener_json = @screener_json,
      ai_context = @ai_context, target_audience = @target_audience
     WHERE id = @id AND org_id = @org_id`,
  ).run(row);
}

/** Scoped by organisation: another organisation's project is indistinguishable from a missing one. */
export function getProject(db: SandboxDb, orgId: string, id: string): Project | null {
  const row = db.prepare('SELECT * FROM projects WHERE id = ? AND org_id = ?').get(id, orgId) as Row | undefined;
  return row ? toProject(row) : null;
}

export function getProjectByInterviewId(db: SandboxDb, interviewId: string, projectId: string): Project | null {
  const row = db.prepare('SELECT * FROM projects WHERE id = ? AND interview_id = ?').get(projectId, interviewId) as Row | undefined;
  return row ? toProject(row) : null;
}

export function listProjects(db: SandboxDb, orgId: string): Project[] {
  return (db.prepare('SELECT * FROM projects WHERE org_id = ? ORDER BY seq DESC').all(orgId) as Row[]).map(toProject);
}

export function countCompleted(db: SandboxDb, projectId: string): number {
  return (db.prepare("SELECT COUNT(*) AS n FROM interviews WHERE project_id = ? AND status = 'COMPLETE'").get(projectId) as { n: number }).n;
}
