// Loading data for a screen as a small Valtio store: the component starts a load when its
// inputs change and renders the store's snapshot. Answers that arrive after a newer load
// started are dropped, so fast typing in a search box never shows a stale list.
import { useState } from 'react';
import { proxy } from 'valtio';
import { ApiError } from '../api/errors.ts';

interface LoadState<T> {
  data: T | null;
  /** Why the load failed: the API's error code (e.g. project_not_found), or null. */
  error: string | null;
  loading: boolean;
}

class Loader<T> {
  readonly state: LoadState<T> = proxy<LoadState<T>>({ data: null, error: null, loading: false });
  private ticket = 0;

  async run(load: () => Promise<T>): Promise<void> {
    const ticket = ++this.ticket;
    this.state.loading = true;
    this.state.error = null;
    try {
      const data = await load();
      if (ticket === this.ticket) this.state.data = data;
    } catch (error) {
      if (ticket === this.ticket) {
        this.state.data = null;
        this.state.error = error instanceof ApiError ? (error.code ?? 'error') : 'error';
      }
    } finally {
      if (ticket === this.ticket) this.state.loading = false;
    }
  }

  /** Puts data the server just confirmed in place (and drops a load on its way). */
  set(data: T | null): void {
    this.ticket++;
    this.state.data = data;
    this.state.error = null;
    this.state.loading = false;
  }
}

/** One loader for the component's lifetime. */
export function useLoader<T>(): Loader<T> {
  const [loader] = useState(() => new Loader<T>());
  return loader;
}
