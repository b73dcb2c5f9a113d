import type { TabProps } from '../interviews/InterviewsTab';

/** The question × participant grid. */
export function GridView({ project }: TabProps) {
  return <p className="muted">Not built yet for {project.title}.</p>;
}
