// Long-lived answers (event streams) each client may hold open at once: a stream costs a
// socket, a timer and a watcher for as long as it lasts, so one client could otherwise open
// hundreds. The client is the signed-in user, else the address (clientKey).
//
// Counted in the process, unlike the rate limits (rate-limit.ts, shared on PostgreSQL): what
// a stream costs is this process's, and a count kept in the database would outlive a replica
// that died holding streams. Behind a balancer each replica bounds its own.

export class StreamSlots {
  private readonly open = new Map<string, number>();

  constructor(private readonly perClient: number) {}

  /** Takes a slot for `key`: its release (safe to call twice), or null when none is left. */
  take(key: string): (() => void) | null {
    const held = this.open.get(key) ?? 0;
    if (held >= this.perClient) return null;
    this.open.set(key, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left <= 0) this.open.delete(key);
      else this.open.set(key, left);
    };
  }
}
