// The open class (spec §4 "Class detail cache"): a class read less than 10 s ago is shown
// again without a request when the same uuid is asked for; another uuid, or an older read,
// fetches. A failed fetch clears the cache and leaves the error 'Not found' (the reason the
// server gave is kept beside it). Edits put the class the server answered.
import { proxy } from 'valtio';
import type { Class } from '../contract/classroom.ts';

export const CLASS_CACHE_MS = 10_000;

interface ClassDetailState {
  uuid: string | null;
  data: Class | null;
  fetchedAt: number;
  loading: boolean;
  /** Set after a failed fetch: the page says 'Not found'. */
  notFound: boolean;
  /** The failure as thrown (an ApiError carries the translated reason). */
  error: unknown;
}

/** Nothing loaded, nothing asked. */
const emptyDetail = (): ClassDetailState => ({
  uuid: null,
  data: null,
  fetchedAt: 0,
  loading: false,
  notFound: false,
  error: null,
});

export class ClassDetailCache {
  readonly state: ClassDetailState = proxy<ClassDetailState>(emptyDetail());
  private request = 0;

  constructor(
    private readonly fetchClass: (uuid: string) => Promise<Class>,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the cached class can be shown for `uuid` without asking the server. */
  isFresh(uuid: string): boolean {
    const s = this.state;
    return s.uuid === uuid && s.data !== null && this.now() - s.fetchedAt < CLASS_CACHE_MS;
  }

  async load(uuid: string, options: { force?: boolean } = {}): Promise<Class | null> {
    if (!options.force && this.isFresh(uuid)) return this.state.data;
    const mine = ++this.request;
    const s = this.state;
    if (s.uuid !== uuid) s.data = null;
    s.uuid = uuid;
    s.loading = true;
    s.notFound = false;
    s.error = null;
    try {
      const data = await this.fetchClass(uuid);
      if (mine !== this.request) return data;
      s.data = data;
      s.fetchedAt = this.now();
      return data;
    } catch (error) {
      if (mine === this.request) {
        s.data = null;
        s.fetchedAt = 0;
        s.notFound = true;
        s.error = error;
      }
      return null;
    } finally {
      if (mine === this.request) s.loading = false;
    }
  }

  /** The class as a successful edit answered it. */
  put(data: Class): void {
    if (this.state.uuid !== data.uuid) return;
    this.state.data = data;
    this.state.fetchedAt = this.now();
  }

  clear(): void {
    this.request++;
    Object.assign(this.state, emptyDetail());
  }
}
