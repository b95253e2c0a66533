// An in-page stand-in for the Web Locks API (happy-dom has none): exclusive locks with
// `ifAvailable`, enough to test tab coordination. The e2e test uses Chromium's real one.
type Callback = (lock: Lock | null) => unknown;

export class MemoryLocks {
  private held = new Set<string>();

  request(name: string, options: LockOptions, callback: Callback): Promise<unknown> {
    if (this.held.has(name)) {
      if (options.ifAvailable) return Promise.resolve(callback(null));
      return Promise.reject(new Error('MemoryLocks only supports ifAvailable'));
    }
    this.held.add(name);
    const lock = { name, mode: 'exclusive' } as Lock;
    return Promise.resolve(callback(lock)).finally(() => this.held.delete(name));
  }

  asLockManager(): LockManager {
    return this as unknown as LockManager;
  }
}
