// The server calls of sign-in (shapes in src/contract/users.ts and client-config.ts): one thin
// method per call over the API client, which adds the token and turns failures into
// translated ApiErrors.
import type { CallOptions } from '../api/client.ts';
import type { ClientConfig } from '../contract/client-config.ts';
import type { AuthResponse, User } from '../contract/users.ts';

/** The part of ApiClient sign-in uses (src/api/client.ts). */
export interface AuthClient {
  get<T>(url: string, options?: CallOptions): Promise<T>;
  post<T>(url: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T>(url: string, body?: unknown, options?: CallOptions): Promise<T>;
}

export function authApi(client: Pick<AuthClient, 'post' | 'put'>) {
  return {
    /** The signed-in user's account, made on the first sign-in. */
    signIn: (o?: CallOptions) => client.post<AuthResponse>('/auth', {}, o),
    updateName: (name: string) => client.put<User>('/user/me', { name }),
  };
}

/** The server's sign-in settings; anonymous, since it comes before any sign-in. */
export const fetchClientConfig = (client: Pick<AuthClient, 'get'>) =>
  client.get<ClientConfig>('/config', { quiet: true, anonymous: true });
