// How an editor route with an id (/program/{id}, /code/{id}, /view/{id}, …) gets its
// program. The projects feature registers a loader; until then the editor keeps whatever
// program is open. A loader returns the program (openProgram() puts it in place), null
// when the program it names is already open (just saved or shared), or throws after
// telling the user why. `route` is the editor's screen (its variant), which says whether
// the id names a project or a shared program.
import type { ScreenId } from '../shell/screens.ts';
import type { ProgramToOpen } from './program-store.ts';

type ProjectLoader = (id: string, route: ScreenId) => Promise<ProgramToOpen | null>;

let loader: ProjectLoader | null = null;

export function setProjectLoader(next: ProjectLoader | null): () => void {
  const previous = loader;
  loader = next;
  return () => {
    loader = previous;
  };
}

export function projectLoader(): ProjectLoader | null {
  return loader;
}
