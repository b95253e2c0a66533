// Who may do what on the remote-lab broker (docs/remote-lab.md "Access control"):
//
// - a station (user `{ns}:st:{board}`) publishes only its own board's presence and `up`
//   frames, and reads only its board's control and `down` frames;
// - a session holder (user `{ns}:s:{id}`) publishes only its own session's `down` topic and
//   reads only its own `up` topic and its board's presence;
// - the server publishes control and reads presence;
// - a session's password stops working when the session ends (its connections are closed),
//   a station's when its lab is removed or its key replaced (its older connections are
//   closed then); logging in again gives the same password and keeps the station's link.
//
// Two implementations: the embedded aedes broker checks every connect, publish and
// subscribe here (passwords against the database), and an external Mosquitto enforces the
// same rules through its dynamic-security plugin, with one role per station and per session.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AedesOptions, Client } from 'aedes';
import { labBase, labTopics } from '../../src/contract/lab-topics.ts';
import { LIVE_MESSAGE_MAX, liveTopics } from '../../src/contract/live-class.ts';

/** A member of a live class on the broker (docs/classroom.md "Live classroom"). */
export interface ClassLogin {
  /** The class's topic base (`{prefix}/class/{uuid}`). */
  base: string;
  live: 'teacher' | 'student';
  /** The student's topic key ('' for a teacher). */
  key: string;
}

type LabIdentity =
  | { role: 'station'; username: string; boardId: string }
  | { role: 'session'; username: string; boardId: string; key: string; sessionId: number }
  | ({ role: 'class'; username: string } & ClassLogin);

export const labUsernames = {
  station: (ns: string, boardId: string) => `${ns}:st:${boardId}`,
  session: (ns: string, id: number) => `${ns}:s:${id}`,
  /** One per replica: replacing one replica's login must not drop another's connection. */
  server: (ns: string, replica = '') => (replica ? `${ns}:server:${replica}` : `${ns}:server`),
  /** A live class member's login (one per member and session). */
  classLogin: (ns: string, id: number) => `${ns}:cl:${id}`,
};

type ParsedUsername =
  | { role: 'station'; boardId: string }
  | { role: 'session'; sessionId: number }
  | { role: 'class'; loginId: number }
  | null;

function parseUsername(ns: string, username: string): ParsedUsername {
  const head = `${ns}:`;
  if (!username.startsWith(head)) return null;
  const rest = username.slice(head.length);
  if (rest.startsWith('st:') && rest.length > 3) return { role: 'station', boardId: rest.slice(3) };
  const c = /^cl:([1-9][0-9]{0,9})$/.exec(rest);
  if (c) return { role: 'class', loginId: Number(c[1]) };
  const m = /^s:([1-9][0-9]{0,9})$/.exec(rest);
  return m ? { role: 'session', sessionId: Number(m[1]) } : null;
}

export const sha256 = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function secretMatches(secret: string, hash: string): boolean {
  const a = Buffer.from(sha256(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A station's broker password, derived from a secret and what its grant stands on (the lab
 * and its station key): every grant of one station gives the same password until either
 * changes, so a station logging in again (a second tab, a retried login, a renewal) never
 * cuts its own link or the student's session it serves.
 */
class StationPasswords {
  constructor(private readonly secret: Buffer = randomBytes(32)) {}
  of(boardId: string, generation: string): string {
    return createHmac('sha256', this.secret)
      .update(`${boardId}\n${generation}`)
      .digest('base64url');
  }
}

/** What the broker must do when the server grants or ends access. */
export interface LabAccess {
  /** The password `grantStation` wants for this station (see StationPasswords). */
  stationPassword(boardId: string, generation: string): string;
  /**
   * Lets the station connect with `password`. Its connections made with the same password
   * stay; those made with another one are closed.
   */
  grantStation(boardId: string, password: string): Promise<void>;
  revokeStation(boardId: string): Promise<void>;
  /** The holder's broker password for its session's topics. */
  grantSession(sessionId: number, boardId: string, key: string, password: string): Promise<void>;
  /** Ends the session's access at once (its connections are closed). */
  revokeSession(sessionId: number): Promise<void>;
  /** After a restart: ends broker access of sessions not in `active`. */
  reconcile(active: ReadonlySet<number>): Promise<void>;
  /** A live class member's broker password for the class's topics. */
  grantClassLogin(loginId: number, login: ClassLogin, password: string): Promise<void>;
  /** Ends a live class login at once (its connections are closed). */
  revokeClassLogin(loginId: number): Promise<void>;
  /** After a restart: ends live class logins not in `active`. */
  reconcileClassLogins(active: ReadonlySet<number>): Promise<void>;
}

/** The user behind a broker user name, as the database knows it now. */
export type IdentityLookup = (
  parsed: Exclude<ParsedUsername, null>,
) => Promise<{ secretHash: string; boardId: string; key?: string; live?: ClassLogin } | null>;

/** Largest frame a holder may send down (a 2 KB program as one sequence frame fits). */
const MAX_DOWN_BYTES = 16 * 1024;
/** Largest frame a station may send up (a batch of reports). */
const MAX_UP_BYTES = 128 * 1024;

const notAuthorized = () => Object.assign(new Error('not authorized'), { returnCode: 5 as const });
const badLogin = () =>
  Object.assign(new Error('bad user name or password'), { returnCode: 4 as const });

/** Access control inside the embedded aedes broker. */
export class AedesLabAccess implements LabAccess {
  private readonly identities = new WeakMap<Client, LabIdentity>();
  /** The password hash each connection signed in with. */
  private readonly signedWith = new WeakMap<Client, string>();
  private readonly byUser = new Map<string, Set<Client>>();
  /** Drawn at start: the broker's connections end with the process anyway. */
  private readonly stationPasswords = new StationPasswords();

  constructor(
    private readonly ns: string,
    private readonly prefix: string,
    private readonly lookup: IdentityLookup,
  ) {}

  stationPassword(boardId: string, generation: string): string {
    return this.stationPasswords.of(boardId, generation);
  }

  /** The hooks to create the broker with. */
  options(): AedesOptions {
    return {
      id: `${this.ns}-lab`,
      authenticate: (client, username, password, done) => {
        void this.authenticate(client, username, password).then(
          (ok) => done(ok ? null : badLogin(), ok),
          () => done(notAuthorized(), false),
        );
      },
      authorizePublish: (client, packet, callback) => {
        // The server's own publishes (client null) are not checked.
        if (!client) return callback(null);
        const who = this.identities.get(client);
        callback(who && this.mayPublish(who, packet) ? null : notAuthorized());
      },
      authorizeSubscribe: (client, subscription, callback) => {
        const who = this.identities.get(client);
        callback(null, who && this.maySubscribe(who, subscription.topic) ? subscription : null);
      },
    };
  }

  /** Follows connections so access can be ended by user name. */
  track(broker: {
    on(event: 'clientDisconnect', listener: (client: Client) => void): unknown;
  }): void {
    broker.on('clientDisconnect', (client) => {
      const who = this.identities.get(client);
      if (who) this.byUser.get(who.username)?.delete(client);
    });
  }

  private async authenticate(
    client: Client,
    username: string | undefined,
    password: Buffer | undefined,
  ): Promise<boolean> {
    if (!username || !password) return false;
    const parsed = parseUsername(this.ns, username);
    if (!parsed) return false;
    const found = await this.lookup(parsed);
    if (!found || !secretMatches(password.toString('utf8'), found.secretHash)) return false;
    let identity: LabIdentity;
    if (parsed.role === 'station') {
      identity = { role: 'station', username, boardId: found.boardId };
    } else if (parsed.role === 'class') {
      if (!found.live) return false;
      identity = { role: 'class', username, ...found.live };
    } else {
      identity = {
        role: 'session',
        username,
        boardId: found.boardId,
        key: found.key ?? '',
        sessionId: parsed.sessionId,
      };
    }
    this.identities.set(client, identity);
    this.signedWith.set(client, found.secretHash);
    let set = this.byUser.get(username);
    if (!set) this.byUser.set(username, (set = new Set()));
    set.add(client);
    return true;
  }

  private mayPublish(
    who: LabIdentity,
    packet: { topic: string; retain: boolean; payload: Buffer | string },
  ): boolean {
    if (who.role === 'class') {
      return (
        !packet.retain &&
        packet.payload.length <= LIVE_MESSAGE_MAX &&
        classPublishes(who).includes(packet.topic)
      );
    }
    const t = labTopics(labBase(this.prefix, who.boardId));
    const size = packet.payload.length;
    if (who.role === 'station') {
      if (packet.topic === t.presence) return size <= 1024;
      // `…/s/{key}/up` for any key of this board (the station serves whoever holds it).
      const m = /^(.*)\/s\/([^/+#]+)\/up$/.exec(packet.topic);
      return (
        !!m && m[1] === labBase(this.prefix, who.boardId) && !packet.retain && size <= MAX_UP_BYTES
      );
    }
    return packet.topic === t.down(who.key) && !packet.retain && size <= MAX_DOWN_BYTES;
  }

  private maySubscribe(who: LabIdentity, topic: string): boolean {
    if (who.role === 'class') return classSubscribes(who).includes(topic);
    const t = labTopics(labBase(this.prefix, who.boardId));
    if (who.role === 'station') return topic === t.control || topic === t.anyDown;
    return topic === t.up(who.key) || topic === t.presence;
  }

  private close(username: string): void {
    const clients = this.byUser.get(username);
    this.byUser.delete(username);
    for (const c of clients ?? []) c.close();
  }

  grantStation(boardId: string, password: string): Promise<void> {
    // The database holds the password already; connections made with an older one go.
    const username = labUsernames.station(this.ns, boardId);
    const hash = sha256(password);
    const clients = this.byUser.get(username);
    for (const c of [...(clients ?? [])]) {
      if (this.signedWith.get(c) !== hash) {
        clients?.delete(c);
        c.close();
      }
    }
    return Promise.resolve();
  }

  revokeStation(boardId: string): Promise<void> {
    this.close(labUsernames.station(this.ns, boardId));
    return Promise.resolve();
  }

  grantSession(): Promise<void> {
    return Promise.resolve();
  }

  revokeSession(sessionId: number): Promise<void> {
    this.close(labUsernames.session(this.ns, sessionId));
    return Promise.resolve();
  }

  reconcile(): Promise<void> {
    // Connections do not outlive the process that holds the embedded broker.
    return Promise.resolve();
  }

  grantClassLogin(): Promise<void> {
    // The database holds the password; the broker asks for it at connect.
    return Promise.resolve();
  }

  revokeClassLogin(loginId: number): Promise<void> {
    this.close(labUsernames.classLogin(this.ns, loginId));
    return Promise.resolve();
  }

  reconcileClassLogins(): Promise<void> {
    return Promise.resolve();
  }
}

/** What a live class member may publish: a student their own program and board, a teacher
 * the class's sync request and broadcast. */
function classPublishes(login: ClassLogin): string[] {
  const t = liveTopics(login.base);
  return login.live === 'teacher'
    ? [t.sync, t.broadcast]
    : [t.program(login.key), t.board(login.key)];
}

/** What a live class member may subscribe to: a teacher every student's topics, a student
 * the teachers' sync request and broadcast. */
function classSubscribes(login: ClassLogin): string[] {
  const t = liveTopics(login.base);
  return login.live === 'teacher' ? [t.anyStudent] : [t.sync, t.broadcast];
}

/** The role of a live class login (Mosquitto's dynamic security). */
function classAcls(login: ClassLogin): Acl[] {
  return [
    ...classPublishes(login).map((topic) => ({
      acltype: 'publishClientSend',
      topic,
      allow: true,
    })),
    ...classSubscribes(login).map((topic) => ({
      acltype: login.live === 'teacher' ? 'subscribePattern' : 'subscribeLiteral',
      topic,
      allow: true,
    })),
  ];
}

/** Sends dynamic-security commands and waits for their answers. */
export interface DynsecChannel {
  command(commands: Record<string, unknown>[]): Promise<DynsecResponse[]>;
}

export interface DynsecResponse {
  command: string;
  error?: string;
  data?: unknown;
}

/** One entry of a dynamic-security role's ACL list. */
interface Acl {
  acltype: string;
  topic: string;
  allow: boolean;
}

/** Whether a role's ACL list (as `getRole` answers it) grants exactly `acls`. */
function sameAcls(found: unknown, acls: Acl[]): boolean {
  if (!Array.isArray(found) || found.length !== acls.length) return false;
  const key = (a: Partial<Acl> & { priority?: unknown }) =>
    `${String(a.acltype)} ${String(a.topic)} ${String(a.allow)} ${String(a.priority ?? 0)}`;
  const want = new Set(acls.map(key));
  return (found as Partial<Acl>[]).every((a) => want.has(key(a)));
}

/** The role of a station and of a session (ACL lists of Mosquitto's dynamic security). */
function stationAcls(prefix: string, boardId: string): Acl[] {
  const t = labTopics(labBase(prefix, boardId));
  const base = labBase(prefix, boardId);
  return [
    { acltype: 'publishClientSend', topic: t.presence, allow: true },
    { acltype: 'publishClientSend', topic: `${base}/s/+/up`, allow: true },
    { acltype: 'subscribeLiteral', topic: t.control, allow: true },
    { acltype: 'subscribeLiteral', topic: t.anyDown, allow: true },
  ];
}

function sessionAcls(prefix: string, boardId: string, key: string): Acl[] {
  const t = labTopics(labBase(prefix, boardId));
  return [
    { acltype: 'publishClientSend', topic: t.down(key), allow: true },
    { acltype: 'subscribeLiteral', topic: t.up(key), allow: true },
    { acltype: 'subscribeLiteral', topic: t.presence, allow: true },
  ];
}

/** The server's own role: read every presence, write every control. */
function serverAcls(prefix: string): Acl[] {
  return [
    { acltype: 'subscribePattern', topic: `${prefix}/lab/+/presence`, allow: true },
    { acltype: 'publishClientSend', topic: `${prefix}/lab/+/control`, allow: true },
  ];
}

/** A short tag of a password, so a replica can tell it is set without reading it back. */
export const passwordTag = (password: string) =>
  createHash('sha256').update(password).digest('base64url').slice(0, 12);

const ignore = (allowed: string[]) => (r: DynsecResponse) => {
  if (r.error && !allowed.some((a) => r.error?.includes(a))) {
    throw new Error(`dynamic security ${r.command}: ${r.error}`);
  }
};

/** Access control by an external Mosquitto's dynamic-security plugin. */
export class DynsecLabAccess implements LabAccess {
  private readonly stationPasswords: StationPasswords;

  /** `secret`: what station passwords derive from, the same on every replica. */
  constructor(
    private readonly ns: string,
    private readonly prefix: string,
    private readonly channel: DynsecChannel,
    secret?: Buffer,
  ) {
    this.stationPasswords = new StationPasswords(secret);
  }

  private roleOf = (username: string) => `${username}:role`;

  stationPassword(boardId: string, generation: string): string {
    return this.stationPasswords.of(boardId, generation);
  }

  /** Creates (or re-creates) a client with one role of its own. */
  private async replaceClient(username: string, password: string, acls: Acl[]) {
    const rolename = this.roleOf(username);
    // Deleting the client first closes its connections (the older station, a stale session).
    const responses = await this.channel.command([
      { command: 'deleteClient', username },
      { command: 'deleteRole', rolename },
      { command: 'createRole', rolename, acls },
      { command: 'createClient', username, password, textdescription: '', roles: [{ rolename }] },
    ]);
    responses.forEach(ignore(['not found']));
  }

  /**
   * Gives a client of its own role the password and topics: a first grant creates role and
   * client (two file rewrites), a renewal finds both and changes the password alone (one
   * rewrite instead of the four of deleting and creating both), which closes the client's
   * older links all the same. One message learns what was there (each `get` runs before the
   * `create` after it) and creates what was missing.
   */
  private async grantClient(username: string, password: string, acls: Acl[]) {
    const rolename = this.roleOf(username);
    const [role, roleCreated, client, clientCreated] = await this.channel.command([
      { command: 'getRole', rolename },
      { command: 'createRole', rolename, acls },
      { command: 'getClient', username },
      { command: 'createClient', username, password, textdescription: '', roles: [{ rolename }] },
    ]);
    const found = (role?.data as { role?: { acls?: unknown } } | undefined)?.role;
    if (found && !sameAcls(found.acls, acls)) {
      // A role of this name with other topics (a session id drawn again after the database
      // was replaced, say): nobody knows the new password yet, so starting over is safe.
      await this.replaceClient(username, password, acls);
      return;
    }
    for (const r of [roleCreated, clientCreated]) if (r) ignore(['already exists'])(r);
    if (!(client?.data as { client?: unknown } | undefined)?.client) return;
    const responses = await this.channel.command([
      { command: 'modifyClient', username, password, textdescription: '', roles: [{ rolename }] },
    ]);
    responses.forEach(ignore([]));
  }

  private async deleteClient(username: string) {
    const responses = await this.channel.command([
      { command: 'deleteClient', username },
      { command: 'deleteRole', rolename: this.roleOf(username) },
    ]);
    responses.forEach(ignore(['not found']));
  }

  /** The server's own user, with a fresh password each start. */
  async ensureServer(password: string, replica = ''): Promise<string> {
    const username = labUsernames.server(this.ns, replica);
    await this.grantClient(username, password, serverAcls(this.prefix));
    return username;
  }

  async grantStation(boardId: string, password: string): Promise<void> {
    const username = labUsernames.station(this.ns, boardId);
    const rolename = this.roleOf(username);
    const acls = stationAcls(this.prefix, boardId);
    // Mosquitto drops every connection of a client whose password or details change, so
    // a client that has this password already (a tag of it in its description) is left
    // alone: the station's open link stays. One message answers what the client was
    // (getClient runs first) and creates it when it was missing; when it exists the creates
    // fail with "already exists" and change nothing, so another replica granting the same
    // at once is harmless too.
    const textdescription = `station ${passwordTag(password)}`;
    const [got, ...created] = await this.channel.command([
      { command: 'getClient', username },
      { command: 'createRole', rolename, acls },
      { command: 'createClient', username, password, textdescription, roles: [{ rolename }] },
    ]);
    const client = (got?.data as { client?: { textdescription?: unknown } } | undefined)?.client;
    if (!client) {
      created.forEach(ignore(['already exists']));
      return;
    }
    if (client.textdescription === textdescription) return;
    // A new password (a new key or lab): one change, which drops the links made with the old
    // one. The role stays: its topics follow from the user name alone.
    const responses = await this.channel.command([
      { command: 'createRole', rolename, acls },
      { command: 'modifyClient', username, password, textdescription, roles: [{ rolename }] },
    ]);
    responses.forEach(ignore(['already exists']));
  }

  revokeStation(boardId: string): Promise<void> {
    return this.deleteClient(labUsernames.station(this.ns, boardId));
  }

  grantSession(sessionId: number, boardId: string, key: string, password: string): Promise<void> {
    return this.grantClient(
      labUsernames.session(this.ns, sessionId),
      password,
      sessionAcls(this.prefix, boardId, key),
    );
  }

  revokeSession(sessionId: number): Promise<void> {
    return this.deleteClient(labUsernames.session(this.ns, sessionId));
  }

  async reconcile(active: ReadonlySet<number>): Promise<void> {
    for (const username of await this.clients()) {
      const parsed = parseUsername(this.ns, username);
      if (parsed?.role === 'session' && !active.has(parsed.sessionId)) {
        await this.deleteClient(username);
      }
    }
  }

  private async clients(): Promise<string[]> {
    const [list] = await this.channel.command([{ command: 'listClients', count: -1, offset: 0 }]);
    if (!list) return [];
    ignore([])(list);
    return (list.data as { clients?: string[] } | undefined)?.clients ?? [];
  }

  grantClassLogin(loginId: number, login: ClassLogin, password: string): Promise<void> {
    return this.grantClient(labUsernames.classLogin(this.ns, loginId), password, classAcls(login));
  }

  revokeClassLogin(loginId: number): Promise<void> {
    return this.deleteClient(labUsernames.classLogin(this.ns, loginId));
  }

  async reconcileClassLogins(active: ReadonlySet<number>): Promise<void> {
    for (const username of await this.clients()) {
      const parsed = parseUsername(this.ns, username);
      if (parsed?.role === 'class' && !active.has(parsed.loginId))
        await this.deleteClient(username);
    }
  }
}
