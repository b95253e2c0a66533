import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import type { ApiTransport } from '../api/checked-api.ts';
import { ProjectApi } from './project-api.ts';

// The client checks every answer against the contract. The real server always keeps it
// (server/routes/*.test.ts); these answers stand for a server that does not.
function apiAnswering(answer: unknown) {
  const toasts: string[] = [];
  const transport: ApiTransport = {
    get: async () => answer as never,
    post: async () => answer as never,
    put: async () => answer as never,
    delete: async () => answer as never,
  };
  const api = new ProjectApi({
    client: transport,
    notify: (m) => toasts.push(m),
    translate: (key) => `translated ${key}`,
  });
  return { api, toasts };
}

const UUID = '0b8f8d2e-5a77-4c1e-9d8e-2f7a1c3b4d5e';

describe('ProjectApi answer checks', () => {
  it('passes answers that match the contract', async () => {
    const { api, toasts } = apiAnswering({ uuid: UUID });
    await expect(api.createProject({ name: 'X' })).resolves.toEqual({ uuid: UUID });
    expect(toasts).toEqual([]);
  });

  it.each([
    ['a missing field', { code: '<xml/>' }],
    ['a wrong type', { uuid: UUID, code: 42 }],
    ['a malformed id', { uuid: 'ABC', code: '' }],
    ['no object', '<html>proxy error</html>'],
  ])('rejects %s with bad_response and says so', async (_what, answer) => {
    const { api, toasts } = apiAnswering(answer);
    const failure = await api.getCode(UUID).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'bad_response' });
    expect(toasts).toEqual(['translated global:mapping.bad_response']);
  });

  it('stays silent for quiet calls', async () => {
    const { api, toasts } = apiAnswering({ likes: -1, liked: true });
    await expect(api.setLiked(UUID, true, { quiet: true })).rejects.toThrow(ApiError);
    expect(toasts).toEqual([]);
  });

  it.each([
    ['a 36-character key', UUID, true],
    ['a short answer', 'OK', false],
    ['an upper-case key', UUID.toUpperCase(), false],
    ['a key with a line break', `${UUID.slice(0, 35)}\n`, false],
  ])('accepts only a 36-character key from storage: %s', async (_what, answer, ok) => {
    const { api } = apiAnswering(answer);
    const result = api.shareWorkspace('<xml/>', '', { quiet: true });
    if (ok) await expect(result).resolves.toBe(answer);
    else await expect(result).rejects.toMatchObject({ code: 'bad_response' });
  });
});
