// What the other features use of cloud projects: the typed project API, the project details
// dialog and the project lists (the remix pages). The app starts the feature from boot.ts.
export { askProjectDetails } from './project-dialog.ts';
export { loadList, projectLists, type ListEntry } from './project-lists.ts';
export { projectApi } from './runtime.ts';
