import type { TabProps } from '../interviews/InterviewsTab';

/** The study's codebook: its codes with counts, and every coded segment of one code. */
export function CodesView({ project }: TabProps) {
  return <p className="muted">Not built yet for {project.title}.</p>;
}
