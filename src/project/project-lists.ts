// The lists of projects and catalogs the remix pages show, kept per list and query so going
// back to a list shows it at once. Signing out clears them (spec core §4: logout clears the
// projects list).
import { proxy } from 'valtio';
import type { CatalogList, ProjectList } from '../contract/projects.ts';

type ListAnswer = ProjectList | CatalogList;

export interface ListEntry {
  data: ListAnswer | null;
  failed: boolean;
  loading: boolean;
}

export const projectLists = proxy<{ byKey: Record<string, ListEntry> }>({ byKey: {} });

const tickets = new Map<string, number>();
let nextTicket = 1;

/** Loads one list into the store under `key`; a newer load of the same key wins. */
export async function loadList(key: string, load: () => Promise<ListAnswer>): Promise<void> {
  const ticket = nextTicket++;
  tickets.set(key, ticket);
  const previous = projectLists.byKey[key];
  projectLists.byKey[key] = { data: previous?.data ?? null, failed: false, loading: true };
  try {
    const data = await load();
    if (tickets.get(key) === ticket) {
      projectLists.byKey[key] = { data, failed: false, loading: false };
    }
  } catch {
    if (tickets.get(key) === ticket) {
      projectLists.byKey[key] = { data: null, failed: true, loading: false };
    }
  }
}

export function clearProjectLists(): void {
  tickets.clear();
  projectLists.byKey = {};
}
