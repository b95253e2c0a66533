// Server configuration, read from the environment in this one place. Every other module
// receives a `ServerConfig`; nothing else reads process.env.
import os from 'node:os';
import path from 'node:path';
import { ALIVE_MS, STATION_GRACE_MS, STATION_SILENT_MS } from '../src/contract/remote-lab.ts';

export type DatabaseConfig =
  { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolMax: number };

export interface ServerConfig {
  host: string;
  port: number;
  database: DatabaseConfig;
  /** Origins allowed to call the API from another site (CORS); empty = same origin only. */
  allowedOrigins: string[];
  /** Lower-case e-mails made admin when they sign in with a verified e-mail. */
  adminEmails: string[];
  firebase: {
    projectId: string;
    /** host:port of the Auth emulator as the server reaches it, or null for real Firebase. */
    authEmulatorHost: string | null;
    /** Browser-facing emulator URL (defaults to http://{authEmulatorHost}). */
    publicAuthEmulatorUrl: string | null;
    webApiKey: string;
    authDomain: string;
    appId: string | null;
  };
  /** Built UI served at `/` (not served when the folder is absent). */
  staticDir: string;
  /** Firmware images, release manifest and release notes (server/firmware by default: small
   * TEST images built by `npm run firmware:test-images`, never vendor firmware). */
  firmwareDir: string;
  /** The site's public origin (PUBLIC_URL, e.g. https://code.example.org) for absolute links
   * the server hands out; null: links are root-relative. Never taken from a request's Host. */
  publicUrl: string | null;
  bodyLimit: number;
  /** Body limit of the compile routes (a Logo program's byte code is at most 2 KB). */
  compileBodyLimit: number;
  /** Compile requests per second and burst per client address (429 beyond). */
  compileRatePerSecond: number;
  compileBurst: number;
  /** Worker threads that compile (0: on the event loop, the benchmark's reference only). */
  compileWorkers: number;
  /** Compiles waiting for a worker before new ones get 429 compile_busy. */
  compileQueueMax: number;
  /** Longest one compile may run before its worker is replaced (422 compile_timeout). */
  compileBudgetMs: number;
  /** CPU budget of one lesson's automatic check; a run over it leaves the grade to the teacher. */
  checkBudgetMs: number;
  /** Writes per minute (and burst) per client address on every public route that writes. */
  anonymousWritesPerMinute: number;
  anonymousWriteBurst: number;
  /** Bytes of shared workspaces one client address may store per day. */
  storageBytesPerDay: number;
  /** A shared workspace nobody opened for this many days is deleted (0: kept forever). */
  storageTtlDays: number;
  /** Public log records older than this are deleted; names left empty are retired. */
  publicLogRetentionDays: number;
  /** Names one writer (a user, or an anonymous address) may hold on the public log. */
  publicLogNamesPerWriter: number;
  /** Records per minute one writer may add to the public log (a full batch fits the burst). */
  publicLogRecordsPerMinute: number;
  /** How long a verified ID token is trusted without checking it again (0: always check). */
  tokenCacheMs: number;
  logLevel: string;
  /**
   * Which X-Forwarded-For entries to believe: false (none: the socket address is the
   * client), a number of proxy hops in front of the server, or the proxies' addresses.
   */
  trustProxy: false | number | string[];
  /** The whole stop after SIGTERM/SIGINT (drain, then in-flight requests) takes at most this. */
  shutdownTimeoutMs: number;
  /** After SIGTERM the replica reports not ready this long, still serving, before it closes. */
  shutdownDrainMs: number;
  /** Who may create classes and lessons: every signed-in user, or teachers and above. */
  classroomCreators: 'anyone' | 'teachers';
  mqtt: MqttConfig;
  /** Remote labs one user may register an hour (LAB_REGISTRATIONS_PER_HOUR). */
  labRegistrationsPerHour: number;
}

/** The MQTT brokers of the remote lab and of broadcast / web UI (docs/remote-lab.md). */
export interface MqttConfig {
  /** Topic prefix and broker user-name namespace (several deployments may share a broker). */
  prefix: string;
  lab:
    | {
        kind: 'embedded';
        /** A dedicated port for the embedded broker besides the server's /mqtt/lab path. */
        port: number | null;
      }
    | {
        kind: 'external';
        /** Where the server connects (mqtt://, ws://, wss://). */
        url: string;
        /** The dynamic-security admin the server manages clients and roles with. */
        adminUsername: string;
        adminPassword: string;
        /** The URL handed to browsers and stations (default: url). */
        clientUrl: string;
      };
  public:
    | { kind: 'embedded'; port: number | null }
    | {
        kind: 'external';
        clientUrl: string;
        /** A dynamic-security admin of that broker: without one the web UI is off. */
        admin: { username: string; password: string } | null;
        /** Web UI broker clients nobody was granted for this long are deleted (ms). */
        idleMs: number;
      };
  /** Alive period of a session holding its board (ms); sessions expire after 3 missed. */
  aliveMs: number;
  /** A held board whose station stays offline this long ends its session. */
  stationGraceMs: number;
  /** How long a station may be silent before its board counts as offline. */
  stationSilentMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function intVar(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

function listVar(env: Env, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

const PROXY_ADDRESS = /^[0-9A-Fa-f.:]+(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/;

/**
 * TRUST_PROXY: unset or 0 trusts no proxy; a number trusts that many hops (the client is
 * the entry that many places from the right of X-Forwarded-For); a list trusts those
 * proxy addresses or ranges. "true" is refused: it would believe the leftmost entry,
 * which any client can write, and every per-client limit would be one header away.
 */
function trustProxyVar(env: Env): false | number | string[] {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(raw)) return intVar(env, 'TRUST_PROXY', 0, 0, 10) || false;
  const list = listVar(env, 'TRUST_PROXY');
  if (list.every((a) => PROXY_ADDRESS.test(a))) return list;
  throw new ConfigError(
    `TRUST_PROXY must be a number of proxy hops (1 for one reverse proxy) or a comma-separated list of proxy addresses, got "${raw}"`,
  );
}

/** An http(s) origin with an optional path prefix, without a trailing slash. */
function urlVar(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new ConfigError(`${name} must be an http(s) URL without query or fragment, got "${raw}"`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function mqttConfig(env: Env): MqttConfig {
  const prefix = env.MQTT_TOPIC_PREFIX?.trim() || 'gogo';
  if (!/^[a-z0-9_-]{1,32}$/.test(prefix)) {
    throw new ConfigError('MQTT_TOPIC_PREFIX must be 1 to 32 of a-z, 0-9, _ and -');
  }
  const url = env.MQTT_URL?.trim();
  let lab: MqttConfig['lab'];
  if (url) {
    if (!/^(mqtts?|wss?):\/\/\S+$/.test(url)) {
      throw new ConfigError('MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// URL');
    }
    const adminUsername = env.MQTT_ADMIN_USERNAME?.trim() ?? '';
    const adminPassword = env.MQTT_ADMIN_PASSWORD ?? '';
    if (adminUsername === '' || adminPassword === '') {
      throw new ConfigError(
        'MQTT_URL needs MQTT_ADMIN_USERNAME and MQTT_ADMIN_PASSWORD (a dynamic-security admin)',
      );
    }
    const clientUrl = env.MQTT_CLIENT_URL?.trim() || url;
    if (!/^wss?:\/\/\S+$/.test(clientUrl)) {
      throw new ConfigError(
        'MQTT_CLIENT_URL (or MQTT_URL) must be a ws:// or wss:// URL for browsers',
      );
    }
    lab = { kind: 'external', url, adminUsername, adminPassword, clientUrl };
  } else {
    lab = { kind: 'embedded', port: optionalPort(env, 'MQTT_LAB_PORT') };
  }
  const publicUrl = env.MQTT_PUBLIC_URL?.trim();
  if (publicUrl && !/^wss?:\/\/\S+$/.test(publicUrl)) {
    throw new ConfigError('MQTT_PUBLIC_URL must be a ws:// or wss:// URL');
  }
  const aliveMs = intVar(env, 'LAB_ALIVE_MS', ALIVE_MS, 100, 60_000);
  return {
    prefix,
    lab,
    public: publicUrl
      ? {
          kind: 'external',
          clientUrl: publicUrl,
          admin: publicAdmin(env),
          idleMs: intVar(env, 'MQTT_PUBLIC_IDLE_HOURS', 24, 1, 24 * 90) * 3600_000,
        }
      : { kind: 'embedded', port: optionalPort(env, 'MQTT_PUBLIC_PORT') },
    aliveMs,
    stationGraceMs: intVar(env, 'LAB_STATION_GRACE_MS', STATION_GRACE_MS, 100, 600_000),
    stationSilentMs: intVar(env, 'LAB_STATION_SILENT_MS', STATION_SILENT_MS, 100, 600_000),
  };
}

/** MQTT_PUBLIC_ADMIN_USERNAME / _PASSWORD: both or neither. */
function publicAdmin(env: Env): { username: string; password: string } | null {
  const username = env.MQTT_PUBLIC_ADMIN_USERNAME?.trim() ?? '';
  const password = env.MQTT_PUBLIC_ADMIN_PASSWORD ?? '';
  if (username === '' && password === '') return null;
  if (username === '' || password === '') {
    throw new ConfigError('MQTT_PUBLIC_ADMIN_USERNAME and MQTT_PUBLIC_ADMIN_PASSWORD go together');
  }
  return { username, password };
}

function optionalPort(env: Env, name: string): number | null {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? null : intVar(env, name, 0, 1, 65535);
}

function creatorsVar(env: Env): 'anyone' | 'teachers' {
  const raw = env.CLASSROOM_CREATORS?.trim().toLowerCase() || 'anyone';
  if (raw !== 'anyone' && raw !== 'teachers') {
    throw new ConfigError(`CLASSROOM_CREATORS must be "anyone" or "teachers", got "${raw}"`);
  }
  return raw;
}

/** Reads the configuration; `cwd` anchors relative paths (the repository root). */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): ServerConfig {
  const databaseUrl = env.DATABASE_URL?.trim();
  let database: DatabaseConfig;
  if (databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
      throw new ConfigError('DATABASE_URL must be a postgres:// URL (unset it to use SQLite)');
    }
    database = {
      kind: 'postgres',
      url: databaseUrl,
      poolMax: intVar(env, 'DATABASE_POOL_MAX', 10, 1, 1000),
    };
  } else {
    database = {
      kind: 'sqlite',
      file: path.resolve(cwd, env.SQLITE_FILE?.trim() || 'data/gogo.sqlite'),
    };
  }

  const projectId = env.FIREBASE_PROJECT_ID?.trim() || 'demo-gogo';
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || null;
  if (emulatorHost !== null && !/^[\w.-]+:\d{1,5}$/.test(emulatorHost)) {
    throw new ConfigError(
      `FIREBASE_AUTH_EMULATOR_HOST must look like host:port, got "${emulatorHost}"`,
    );
  }

  // The emulator accepts tokens it signs for any project; a real project behind it would
  // take forged sign-ins. Firebase reserves `demo-` projects for emulators.
  if (emulatorHost !== null && !projectId.startsWith('demo-')) {
    throw new ConfigError(
      `FIREBASE_AUTH_EMULATOR_HOST is set but FIREBASE_PROJECT_ID "${projectId}" is not a demo- project: the emulator signs any token, so it may only stand in for a demo project`,
    );
  }

  return {
    host: env.GOGO_HOST?.trim() || '127.0.0.1',
    port: intVar(env, 'GOGO_PORT', 8080, 0, 65535),
    database,
    allowedOrigins: listVar(env, 'ALLOWED_ORIGINS'),
    adminEmails: listVar(env, 'ADMIN_EMAILS').map((e) => e.toLowerCase()),
    firebase: {
      projectId,
      authEmulatorHost: emulatorHost,
      publicAuthEmulatorUrl:
        env.PUBLIC_AUTH_EMULATOR_URL?.trim() || (emulatorHost ? `http://${emulatorHost}` : null),
      // A demo project needs no real key; the emulator accepts any.
      webApiKey: env.FIREBASE_WEB_API_KEY?.trim() || 'demo-api-key',
      authDomain: env.FIREBASE_AUTH_DOMAIN?.trim() || `${projectId}.firebaseapp.com`,
      appId: env.FIREBASE_APP_ID?.trim() || null,
    },
    staticDir: path.resolve(cwd, env.STATIC_DIR?.trim() || 'dist'),
    firmwareDir: path.resolve(cwd, env.FIRMWARE_DIR?.trim() || 'server/firmware'),
    publicUrl: urlVar(env, 'PUBLIC_URL'),
    bodyLimit: intVar(env, 'BODY_LIMIT', 1024 * 1024, 1024, 100 * 1024 * 1024),
    compileBodyLimit: intVar(env, 'COMPILE_BODY_LIMIT', 256 * 1024, 1024, 10 * 1024 * 1024),
    compileRatePerSecond: intVar(env, 'COMPILE_RATE_PER_SECOND', 20, 1, 100_000),
    compileBurst: intVar(env, 'COMPILE_BURST', 60, 1, 1_000_000),
    compileWorkers: intVar(
      env,
      'COMPILE_WORKERS',
      Math.max(1, Math.min(4, os.availableParallelism() - 1)),
      0,
      64,
    ),
    compileQueueMax: intVar(env, 'COMPILE_QUEUE_MAX', 64, 0, 100_000),
    compileBudgetMs: intVar(env, 'COMPILE_BUDGET_MS', 2000, 10, 600_000),
    checkBudgetMs: intVar(env, 'CHECK_BUDGET_MS', 10_000, 100, 120_000),
    anonymousWritesPerMinute: intVar(env, 'ANONYMOUS_WRITES_PER_MINUTE', 60, 1, 1_000_000),
    anonymousWriteBurst: intVar(env, 'ANONYMOUS_WRITE_BURST', 30, 1, 1_000_000),
    storageBytesPerDay: intVar(env, 'STORAGE_BYTES_PER_DAY', 16 * 1024 * 1024, 1024, 2 ** 40),
    storageTtlDays: intVar(env, 'STORAGE_TTL_DAYS', 365, 0, 36_500),
    publicLogRetentionDays: intVar(env, 'PUBLIC_LOG_RETENTION_DAYS', 30, 1, 36_500),
    publicLogNamesPerWriter: intVar(env, 'PUBLIC_LOG_NAMES_PER_WRITER', 10, 1, 100),
    publicLogRecordsPerMinute: intVar(env, 'PUBLIC_LOG_RECORDS_PER_MINUTE', 600, 1, 10_000_000),
    tokenCacheMs: intVar(env, 'TOKEN_CACHE_SECONDS', 60, 0, 3600) * 1000,
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    trustProxy: trustProxyVar(env),
    shutdownTimeoutMs: intVar(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    shutdownDrainMs: intVar(env, 'SHUTDOWN_DRAIN_MS', 0, 0, 60_000),
    classroomCreators: creatorsVar(env),
    mqtt: mqttConfig(env),
    labRegistrationsPerHour: intVar(env, 'LAB_REGISTRATIONS_PER_HOUR', 60, 1, 1_000_000),
  };
}
