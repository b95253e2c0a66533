import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to port 8080, SQLite under data/, the demo Firebase project and dist/', () => {
    const c = loadConfig({}, '/repo');
    expect(c.port).toBe(8080);
    expect(c.database).toEqual({ kind: 'sqlite', file: path.resolve('/repo/data/gogo.sqlite') });
    expect(c.firebase).toMatchObject({ projectId: 'demo-gogo', authEmulatorHost: null });
    expect(c.staticDir).toBe(path.resolve('/repo/dist'));
    expect(c.firmwareDir).toBe(path.resolve('/repo/server/firmware'));
    expect(c.adminEmails).toEqual([]);
    expect(c.publicUrl).toBeNull();
  });

  it('reads the public URL as an origin with an optional path, without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://code.example.org/' }).publicUrl).toBe(
      'https://code.example.org',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://lab.school:8080/gogo/' }).publicUrl).toBe(
      'http://lab.school:8080/gogo',
    );
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/gogo', DATABASE_POOL_MAX: '4' });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/gogo', poolMax: 4 });
  });

  it('reads lists: origins as given, admin e-mails lower-cased', () => {
    const c = loadConfig({
      ALLOWED_ORIGINS: 'https://a.org, https://b.org',
      ADMIN_EMAILS: 'Ana@X.org,,  bo@y.org ',
    });
    expect(c.allowedOrigins).toEqual(['https://a.org', 'https://b.org']);
    expect(c.adminEmails).toEqual(['ana@x.org', 'bo@y.org']);
  });

  it('derives the browser-facing emulator URL from the emulator host', () => {
    const c = loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:4421' });
    expect(c.firebase.publicAuthEmulatorUrl).toBe('http://127.0.0.1:4421');
  });

  it('trusts no proxy by default, else a number of hops or the listed proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16, loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
    ]);
  });

  it('refuses the Auth emulator for a project that is not a demo- project', () => {
    const env = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', FIREBASE_PROJECT_ID: 'gogo-prod' };
    expect(() => loadConfig(env)).toThrow(/not a demo- project/);
    expect(loadConfig({ ...env, FIREBASE_PROJECT_ID: 'demo-class' }).firebase.projectId).toBe(
      'demo-class',
    );
    // A real project without the emulator is fine.
    expect(loadConfig({ FIREBASE_PROJECT_ID: 'gogo-prod' }).firebase.authEmulatorHost).toBeNull();
  });

  it.each([
    [{ TRUST_PROXY: 'true' }, /TRUST_PROXY must be a number of proxy hops/],
    [{ TRUST_PROXY: 'proxy.example.org' }, /TRUST_PROXY must be a number of proxy hops/],
    [{ GOGO_PORT: 'eighty' }, /GOGO_PORT must be an integer/],
    [{ GOGO_PORT: '70000' }, /GOGO_PORT must be an integer from 0 to 65535/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres/],
    [{ FIREBASE_AUTH_EMULATOR_HOST: 'http://x:1' }, /must look like host:port/],
    [{ BODY_LIMIT: '10' }, /BODY_LIMIT must be an integer from 1024/],
    [{ CHECK_BUDGET_MS: '50' }, /CHECK_BUDGET_MS must be an integer from 100 to 120000/],
    [{ CHECK_BUDGET_MS: '600000' }, /CHECK_BUDGET_MS must be an integer from 100 to 120000/],
    [{ PUBLIC_URL: 'code.example.org' }, /PUBLIC_URL must be an http\(s\) URL/],
    [{ PUBLIC_URL: 'ftp://code.example.org' }, /PUBLIC_URL must be an http\(s\) URL/],
    [{ PUBLIC_URL: 'https://code.example.org/?x=1' }, /without query or fragment/],
    [
      { MQTT_PUBLIC_URL: 'wss://mqtt.example.org', MQTT_PUBLIC_ADMIN_USERNAME: 'admin' },
      /MQTT_PUBLIC_ADMIN_USERNAME and MQTT_PUBLIC_ADMIN_PASSWORD go together/,
    ],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads a dynamic-security admin of an external public broker (the web UI needs one)', () => {
    const url = 'wss://mqtt.example.org';
    expect(loadConfig({ MQTT_PUBLIC_URL: url }).mqtt.public).toEqual({
      kind: 'external',
      clientUrl: url,
      admin: null,
      idleMs: 24 * 3600_000,
    });
    const withAdmin = loadConfig({
      MQTT_PUBLIC_URL: url,
      MQTT_PUBLIC_ADMIN_USERNAME: 'admin',
      MQTT_PUBLIC_ADMIN_PASSWORD: 'secret',
      MQTT_PUBLIC_IDLE_HOURS: '2',
    });
    expect(withAdmin.mqtt.public).toEqual({
      kind: 'external',
      clientUrl: url,
      admin: { username: 'admin', password: 'secret' },
      idleMs: 2 * 3600_000,
    });
    expect(() => loadConfig({ MQTT_PUBLIC_URL: url, MQTT_PUBLIC_IDLE_HOURS: '0' })).toThrow(
      /MQTT_PUBLIC_IDLE_HOURS must be an integer from 1 to 2160/,
    );
  });
});
