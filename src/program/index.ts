// The program, in one room (docs/program.md): what the rest of the app may use of it.
//
// - The open program: its store (`program`, read with `useSnapshot`; the editor writes it)
//   and the whole-program changes: open, new, the switch between blocks and Logo text.
// - The program file: the one format of "Save as a file", cloud projects, shared links,
//   submissions and lessons, read and written here (and by the server, in Node).
// - What compiles: `compilableLogo`, the program's Logo with the extension procedures it
//   calls, for Download and the server's lesson check alike.
// - The Logo errors of its last compile, and the hook through which an editor route with
//   an id gets its program (the projects feature registers it).
// - Its versions: replaceProgram(reason, program) and replaceProgramWithFile(reason, text)
//   open a program in place of the open one and keep the one they replace (before a lesson's
//   starter, the code from a board, a teacher's hand-out: VERSION_REASONS) in a list the user
//   sees in the editor's Versions tab and restores from; onProgramOpened says when and why
//   another program opened.
//
// Features import this file only; the files behind it import each other directly.
export {
  flushWorkspace,
  markChanged,
  program,
  PROJECT_NAME_MAX,
  setCreatorMode,
  setProjectName,
  setWorkspaceFlusher,
  type ProgramMode,
  type ProgramState,
  type ProjectSummary,
} from './program.ts';
export {
  currentProgramFile,
  currentProgramText,
  currentSettings,
  discardLogoEdits,
  enterLogoMode,
  leaveLogoMode,
  logoEdited,
  newProgram,
  NEW_PROGRAM_XML,
  openProgram,
  replaceWithLogoBlocks,
  replaceWorkspace,
  setLogoText,
  type ProgramToOpen,
} from './program-store.ts';
export {
  parseProgramFile,
  PROGRAM_FILE_ACCEPT,
  PROGRAM_FILE_MAX_BYTES,
  PROGRAM_FILE_SUFFIX,
  ProgramFileError,
  programFileName,
  serializeProgramFile,
  type ProgramFile,
} from './program-file.ts';
export { compilableLogo } from './compilable-logo.ts';
export {
  clearLogoErrors,
  diagnostics,
  showLogoErrors,
  type LogoError,
  type LogoRange,
} from './diagnostics.ts';
export { projectLoader, setProjectLoader } from './project-loader.ts';
export {
  beforeProgramOpens,
  canKeepOpenProgram,
  onProgramOpened,
  programVersions,
  replaceProgram,
  replaceProgramWithFile,
  restoreVersion,
  versionsState,
} from './program-versions.ts';
