// The open program as the live class sends it: the student's to the teachers, a
// broadcasting teacher's to the class.
import { program } from '../../program/index.ts';
import type { ProgramNow } from './student-live.ts';

export function programNow(): ProgramNow {
  return {
    xml: program.currentWorkspaceXmlText,
    logo: program.logoCode,
    mode: program.programMode,
    name: program.toSaveProject.name || program.currentProject?.name || '',
  };
}
