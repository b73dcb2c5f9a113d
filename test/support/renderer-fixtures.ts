import type { InterviewDetail, InterviewRow, ProjectDetail, ProjectSummary } from '../../src/shared/views';

/** Read models as the renderer receives them, with only what a store test cares about set. */
export function projectSummary(id: string, title = 'Study'): ProjectSummary {
  return {
    id,
    title,
    status: 'ACTIVE',
    type: 'STANDARD',
    created_at: null,
    recruiting: { completed_participants: 0, target_participants: null, has_launched: false, type: null },
    last_interview_at: null,
  };
}

export function projectDetail(id: string, title = 'Study'): ProjectDetail {
  return { ...projectSummary(id, title), guide: null, stimuli: [], embed: null, allowed_urls: null, report: null, synced_at: null, unavailable: {} };
}

export function interviewRow(id: string, projectId = 'p1'): InterviewRow {
  return {
    id,
    project_id: projectId,
    code: 'P01',
    status: 'COMPLETE',
    completed_at: null,
    duration_minutes: null,
    participant_name: `Participant ${id}`,
    participant_email: null,
    screener_approved: null,
    detail_state: 'complete',
    turn_count: 0,
    has_video: true,
    offline: false,
  };
}

export function interviewDetail(id: string, projectId = 'p1'): InterviewDetail {
  return { ...interviewRow(id, projectId), participant: null, screener: null, transcript: [], thumbnail_url: null };
}
