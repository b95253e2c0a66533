// Who may do what with web UI topics on the public broker (docs/labs.md "Web UI topics"):
//
// - a signed-in user (broker user `{ns}:wu:{userId}`) publishes and subscribes only inside
//   their own namespace `{prefix}/u/{userId}/…`;
// - a read-only link's viewer (`{ns}:wv:{hash of the link token}`) only subscribes to the
//   exact topics of that dashboard, and loses access when the link is turned off, replaced,
//   or its dashboard changed or deleted;
// - anonymous clients of the embedded broker (broadcast) keep every other topic and never
//   reach a namespace.
//
// A broker user's password is derived from a secret the server draws at start, so every
// grant of one user (two tabs) or one link gives the same password and setting it never
// disconnects anyone; after a restart the first grant sets the new one.
//
// Two implementations: the embedded aedes broker checks connects, publishes and subscribes
// here; an external Mosquitto enforces the same rules with dynamic security (one role per
// user and per link).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { AedesOptions, Client } from 'aedes';
import { webuiNamespace, WEBUI_NAMESPACES } from '../../src/contract/webui.ts';
import type { DynsecChannel, DynsecResponse } from '../remote-lab/lab-access.ts';
import { passwordTag, secretMatches, sha256 } from '../remote-lab/lab-access.ts';

export interface BrokerLogin {
  username: string;
  password: string;
}

export interface WebuiAccess {
  /** Lets the user connect and use their namespace. */
  grantUser(userId: string): Promise<BrokerLogin>;
  /** Lets a link's viewers connect and read `topics` (full topic names). */
  grantViewer(token: string, topics: readonly string[]): Promise<BrokerLogin>;
  /** Ends the access of a link's viewers (their connections are closed). */
  revokeViewer(token: string): Promise<void>;
}

const webuiUsernames = {
  user: (ns: string, userId: string) => `${ns}:wu:${userId}`,
  /** Never the token itself: broker logs and admin lists must not leak live links. */
  viewer: (ns: string, token: string) =>
    `${ns}:wv:${createHash('sha256').update(token).digest('base64url').slice(0, 24)}`,
};

/**
 * Passwords of broker users, one per user name, from a secret: drawn at start for the
 * embedded broker (it lives and dies with the process), or shared by every replica on an
 * external broker, so a user granted by two replicas gets one password.
 */
class Passwords {
  constructor(private readonly secret: Buffer = randomBytes(32)) {}
  of(username: string): string {
    return createHmac('sha256', this.secret).update(username).digest('base64url');
  }
}

/** Every namespace of a prefix: what anonymous clients may not touch. */
const namespaceRoot = (prefix: string) => `${prefix}/${WEBUI_NAMESPACES}`;

type Identity =
  | { role: 'user'; hash: string; root: string }
  | { role: 'viewer'; hash: string; topics: ReadonlySet<string> };

const notAuthorized = () => Object.assign(new Error('not authorized'), { returnCode: 5 as const });
const badLogin = () =>
  Object.assign(new Error('bad user name or password'), { returnCode: 4 as const });

/** Does `filter` (a subscription, wildcards allowed) reach into `root`? */
function reaches(filter: string, root: string): boolean {
  const f = filter.split('/');
  const r = root.split('/');
  for (let i = 0; i < r.length; i++) {
    if (i >= f.length) return false;
    if (f[i] === '#') return true;
    if (f[i] !== '+' && f[i] !== r[i]) return false;
  }
  return true;
}

/** Inside `root` (a topic or filter that starts with it cannot climb above it). */
const within = (topic: string, root: string) => topic.startsWith(`${root}/`);

/** Access control inside the embedded aedes public broker. */
export class AedesWebuiAccess implements WebuiAccess {
  private readonly grants = new Map<string, Identity>();
  private readonly identities = new WeakMap<Client, { username: string; who: Identity }>();
  private readonly clients = new Map<string, Set<Client>>();
  private readonly passwords = new Passwords();

  constructor(
    private readonly ns: string,
    private readonly prefix: string,
  ) {}

  /** Wraps the public broker's own hooks (topic and size limits) with the namespace rules. */
  options(base: AedesOptions): AedesOptions {
    const guarded = namespaceRoot(this.prefix);
    return {
      ...base,
      authenticate: (client, username, password, done) => {
        if (!username) return done(null, true);
        const who = this.grants.get(username);
        if (!who || !password || !secretMatches(password.toString('utf8'), who.hash)) {
          return done(badLogin(), false);
        }
        this.identities.set(client, { username, who });
        let set = this.clients.get(username);
        if (!set) this.clients.set(username, (set = new Set()));
        set.add(client);
        done(null, true);
      },
      authorizePublish: (client, packet, callback) => {
        const check = (error?: Error | null) => {
          if (error || !client) return callback(error ?? null);
          const who = this.identities.get(client)?.who;
          if (!who) return callback(reaches(packet.topic, guarded) ? notAuthorized() : null);
          if (who.role === 'viewer') return callback(notAuthorized());
          callback(within(packet.topic, who.root) ? null : notAuthorized());
        };
        if (base.authorizePublish) base.authorizePublish(client, packet, check);
        else check(null);
      },
      authorizeSubscribe: (client, subscription, callback) => {
        const check = (error: Error | null, sub?: typeof subscription | null) => {
          if (error || !sub || !client) return callback(error, sub ?? null);
          const who = this.identities.get(client)?.who;
          let ok: boolean;
          if (!who) ok = !reaches(sub.topic, guarded);
          else if (who.role === 'viewer') ok = who.topics.has(sub.topic);
          else ok = within(sub.topic, who.root);
          callback(null, ok ? sub : null);
        };
        if (base.authorizeSubscribe) base.authorizeSubscribe(client, subscription, check);
        else check(null, subscription);
      },
    };
  }

  /** Follows connections so a link's viewers can be closed. */
  track(broker: { on(event: 'clientDisconnect', listener: (client: Client) => void): unknown }) {
    broker.on('clientDisconnect', (client) => {
      const known = this.identities.get(client);
      if (known) this.clients.get(known.username)?.delete(client);
    });
  }

  grantUser(userId: string): Promise<BrokerLogin> {
    const username = webuiUsernames.user(this.ns, userId);
    const password = this.passwords.of(username);
    this.grants.set(username, {
      role: 'user',
      hash: sha256(password),
      root: webuiNamespace(this.prefix, userId),
    });
    return Promise.resolve({ username, password });
  }

  grantViewer(token: string, topics: readonly string[]): Promise<BrokerLogin> {
    const username = webuiUsernames.viewer(this.ns, token);
    const password = this.passwords.of(username);
    this.grants.set(username, { role: 'viewer', hash: sha256(password), topics: new Set(topics) });
    return Promise.resolve({ username, password });
  }

  revokeViewer(token: string): Promise<void> {
    const username = webuiUsernames.viewer(this.ns, token);
    this.grants.delete(username);
    const clients = this.clients.get(username);
    this.clients.delete(username);
    for (const c of clients ?? []) c.close();
    return Promise.resolve();
  }
}

const check = (allowed: string[]) => (r: DynsecResponse) => {
  if (r.error && !allowed.some((a) => r.error?.includes(a))) {
    throw new Error(`dynamic security ${r.command}: ${r.error}`);
  }
};

/** A web UI broker client unused this long is deleted (MQTT_PUBLIC_IDLE_HOURS). */
const WEBUI_IDLE_MS = 24 * 3600_000;

interface DynsecWebuiOptions {
  /** How long after its last grant a client (and its role) is deleted. */
  idleMs?: number;
  now?: () => number;
  /** The secret passwords derive from: the same on every replica (default: random). */
  secret?: Buffer;
}

/**
 * How a grant's time is written in its broker client's text description, with a tag of the
 * password it set (older clients have none), and in its role's (later grants).
 */
const STAMP = /^granted (\d+)(?: ([\w-]+))?$/;

/**
 * Access control by an external Mosquitto's dynamic-security plugin. Every grant creates
 * (or refreshes) one client and one role; a link's are deleted when the link ends, and
 * `sweep` deletes those of this server's namespace that nobody was granted for `idleMs`.
 * The time of the last grant lives on the broker (the text description of the client when
 * its password is set, of its role when a later grant finds it set: changing a client drops
 * its connections, changing a role's description does not), so replicas sharing the broker
 * agree on it: a user granted by one replica is never swept by another. Clients without a
 * time (made before times were kept) count from this process's start.
 */
export class DynsecWebuiAccess implements WebuiAccess {
  private readonly passwords: Passwords;
  /** Broker user → when this process last wrote its client (and its time) to the broker. */
  private readonly written = new Map<string, number>();
  private readonly idleMs: number;
  /** A grant rewrites its time at most this often (a fraction of the idle time). */
  private readonly refreshMs: number;
  private readonly now: () => number;
  private readonly startedAt: number;

  constructor(
    private readonly ns: string,
    private readonly prefix: string,
    private readonly channel: DynsecChannel,
    options: DynsecWebuiOptions = {},
  ) {
    this.passwords = new Passwords(options.secret);
    this.idleMs = options.idleMs ?? WEBUI_IDLE_MS;
    this.refreshMs = this.idleMs / 8;
    this.now = options.now ?? Date.now;
    this.startedAt = this.now();
  }

  /**
   * Creates the client and its role when missing, sets the password and the grant's time;
   * again only when this process last did it a while ago, so a page load costs no broker
   * command, and a client another replica swept since is made again.
   */
  private async upsert(username: string, acls: object[]): Promise<BrokerLogin> {
    const password = this.passwords.of(username);
    const now = this.now();
    const written = this.written.get(username);
    if (written !== undefined && now - written < this.refreshMs) return { username, password };
    const rolename = `${username}:role`;
    const tag = passwordTag(password);
    // The client may hold this password already (another replica, or this one before a
    // restart). Writing it again would cut the user's open links: Mosquitto drops the
    // connections of a client whose password or details change. Only the grant's time moves
    // then, on the client's role, whose description can change without dropping anyone.
    const [got] = await this.channel.command([{ command: 'getClient', username }]);
    const client = (got?.data as { client?: { textdescription?: unknown } } | undefined)?.client;
    const stamp =
      typeof client?.textdescription === 'string' ? STAMP.exec(client.textdescription) : null;
    if (stamp && stamp[2] === tag) {
      if (now - Number(stamp[1]) < this.refreshMs) {
        this.written.set(username, Number(stamp[1]));
        return { username, password };
      }
      const [moved] = await this.channel.command([
        { command: 'modifyRole', rolename, textdescription: `granted ${now}` },
      ]);
      if (moved && !moved.error) {
        this.written.set(username, now);
        return { username, password };
      }
      // The role is gone (swept meanwhile): made again below.
    }
    const textdescription = `granted ${now} ${tag}`;
    const responses = await this.channel.command([
      { command: 'createRole', rolename, acls, textdescription: `granted ${now}` },
      { command: 'createClient', username, password, textdescription, roles: [{ rolename }] },
      { command: 'setClientPassword', username, password },
      { command: 'modifyClient', username, textdescription },
    ]);
    responses.forEach(check(['already exists']));
    this.written.set(username, now);
    return { username, password };
  }

  grantUser(userId: string): Promise<BrokerLogin> {
    const root = webuiNamespace(this.prefix, userId);
    return this.upsert(webuiUsernames.user(this.ns, userId), [
      { acltype: 'publishClientSend', topic: `${root}/#`, allow: true },
      { acltype: 'subscribePattern', topic: `${root}/#`, allow: true },
    ]);
  }

  grantViewer(token: string, topics: readonly string[]): Promise<BrokerLogin> {
    return this.upsert(
      webuiUsernames.viewer(this.ns, token),
      topics.map((topic) => ({ acltype: 'subscribeLiteral', topic, allow: true })),
    );
  }

  revokeViewer(token: string): Promise<void> {
    return this.remove([webuiUsernames.viewer(this.ns, token)]);
  }

  /** Deletes this namespace's web UI clients left idle; answers how many went. */
  async sweep(): Promise<number> {
    const [listed, roles] = await this.channel.command([
      { command: 'listClients', verbose: true, count: -1, offset: 0 },
      { command: 'listRoles', verbose: true, count: -1, offset: 0 },
    ]);
    if (!listed) return 0;
    check([])(listed);
    const described = (r: DynsecResponse | undefined, key: string, name: string) => {
      const list = (r?.data as Record<string, unknown> | undefined)?.[key];
      const times = new Map<string, number>();
      for (const item of Array.isArray(list) ? (list as unknown[]) : []) {
        const fields = (item ?? {}) as Record<string, unknown>;
        const id = fields[name];
        const text = fields.textdescription;
        const stamp = typeof text === 'string' ? STAMP.exec(text) : null;
        if (typeof id === 'string') times.set(id, stamp ? Number(stamp[1]) : NaN);
      }
      return times;
    };
    const clients = described(listed, 'clients', 'username');
    const roleTimes = roles && !roles.error ? described(roles, 'roles', 'rolename') : new Map();
    const mine = [webuiUsernames.user(this.ns, ''), `${this.ns}:wv:`];
    const now = this.now();
    const idle: string[] = [];
    for (const [username, clientTime] of clients) {
      if (!mine.some((p) => username.startsWith(p))) continue;
      // The last grant: the client's time (its password set), its role's (a later grant
      // that found the password set), or this process's own.
      const times = [clientTime, roleTimes.get(`${username}:role`) ?? NaN].filter(
        (t) => !Number.isNaN(t),
      );
      const granted = Math.max(
        times.length > 0 ? Math.max(...times) : this.startedAt,
        this.written.get(username) ?? 0,
      );
      if (now - granted >= this.idleMs) idle.push(username);
    }
    await this.remove(idle);
    return idle.length;
  }

  /** Deletes clients with their roles (a connected one is disconnected by the broker). */
  private async remove(usernames: readonly string[]): Promise<void> {
    if (usernames.length === 0) return;
    for (const u of usernames) this.written.delete(u);
    const responses = await this.channel.command(
      usernames.flatMap((username) => [
        { command: 'deleteClient', username },
        { command: 'deleteRole', rolename: `${username}:role` },
      ]),
    );
    responses.forEach(check(['not found']));
  }
}
