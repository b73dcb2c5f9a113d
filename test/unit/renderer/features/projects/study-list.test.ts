// The studies list's order and filters: unknown values last in either direction, ties by title.
import { describe, expect, it } from 'vitest';
import { filterStudies, sortStudies } from '../../../../../src/renderer/features/projects/study-list';
import { projectSummary } from '../../../../support/renderer-fixtures';

const study = (title: string, over: Partial<ReturnType<typeof projectSummary>> = {}) => ({ ...projectSummary(title, title), ...over });
const a = study('Alpha', {
  status: 'IN_PROGRESS',
  last_interview_at: '2026-01-02T00:00:00Z',
  recruiting: { completed_participants: 3, target_participants: 10, has_launched: true, type: null },
});
const b = study('beta', { status: 'STARTED', last_interview_at: null });
const c = study('Gamma', {
  status: 'IN_PROGRESS',
  last_interview_at: '2026-03-01T00:00:00Z',
  recruiting: { completed_participants: 9, target_participants: 10, has_launched: true, type: null },
});
const titles = (xs: { title: string }[]) => xs.map((x) => x.title);

describe('sortStudies', () => {
  it('sorts titles without regard to case, both ways', () => {
    expect(titles(sortStudies([c, b, a], { key: 'title', dir: 'asc' }))).toEqual(['Alpha', 'beta', 'Gamma']);
    expect(titles(sortStudies([a, b, c], { key: 'title', dir: 'desc' }))).toEqual(['Gamma', 'beta', 'Alpha']);
  });
  it('puts a study without a last interview or a target last, whichever the direction', () => {
    expect(titles(sortStudies([b, a, c], { key: 'activity', dir: 'desc' }))).toEqual(['Gamma', 'Alpha', 'beta']);
    expect(titles(sortStudies([b, a, c], { key: 'activity', dir: 'asc' }))).toEqual(['Alpha', 'Gamma', 'beta']);
    expect(titles(sortStudies([b, a, c], { key: 'progress', dir: 'asc' }))).toEqual(['Alpha', 'Gamma', 'beta']);
  });
});

describe('filterStudies', () => {
  it('matches title text in any case and the chosen status', () => {
    expect(titles(filterStudies([a, b, c], { text: 'AM', status: '' }))).toEqual(['Gamma']);
    expect(titles(filterStudies([a, b, c], { text: '', status: 'IN_PROGRESS' }))).toEqual(['Alpha', 'Gamma']);
    expect(titles(filterStudies([a, b, c], { text: ' ', status: '' }))).toEqual(['Alpha', 'beta', 'Gamma']);
  });
});
