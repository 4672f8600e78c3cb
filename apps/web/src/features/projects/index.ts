// What other features and the route files use of projects (issue 25): the developer portal's projects and
// New Project, and the board's side of the hand-over. Its queries are in ./api.ts.
export { BoardHandoverPage } from './components/BoardHandoverPage.tsx';
export { BoardHandoversCard } from './components/BoardHandoversCard.tsx';
export { DeveloperProjects, useSelectProject } from './components/DeveloperProjects.tsx';
export { NewProjectDialog } from './components/NewProjectDialog.tsx';
