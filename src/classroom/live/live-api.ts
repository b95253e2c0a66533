// The live classroom's calls (src/contract/live-class.ts) over the app's API client.
import type { CallOptions } from '../../api/client.ts';
import type {
  Comment,
  CommentAnchor,
  CommentList,
  LiveHandedOut,
  LiveLogin,
  LiveState,
  LiveStopped,
} from '../../contract/live-class.ts';

interface LiveClient {
  get<T>(url: string, options?: CallOptions): Promise<T>;
  post<T>(url: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T>(url: string, body?: unknown, options?: CallOptions): Promise<T>;
  events(
    url: string,
    onData: (data: string, id: string | null) => void,
    options?: { signal?: AbortSignal; lastEventId?: string | null },
  ): Promise<void>;
}

const id = (value: string) => encodeURIComponent(value);

export function liveApi(client: LiveClient) {
  const base = (uuid: string) => `/class/${id(uuid)}`;
  return {
    state: (uuid: string, o?: CallOptions) => client.get<LiveState>(`${base(uuid)}/live`, o),
    events: client.events.bind(client),
    eventsUrl: (uuid: string) => `${base(uuid)}/live/events`,
    start: (uuid: string, o?: CallOptions) =>
      client.put<LiveState>(`${base(uuid)}/live/start`, {}, o),
    join: (uuid: string, o?: CallOptions) =>
      client.post<LiveLogin>(`${base(uuid)}/live/join`, {}, o),
    end: (uuid: string, o?: CallOptions) => client.put<LiveState>(`${base(uuid)}/live/end`, {}, o),
    stop: (uuid: string, emails?: string[], o?: CallOptions) =>
      client.put<LiveStopped>(`${base(uuid)}/live/stop`, emails ? { emails } : {}, o),
    eyes: (uuid: string, message: string, minutes: number, o?: CallOptions) =>
      client.put<LiveState>(`${base(uuid)}/live/eyes`, { message, minutes }, o),
    broadcast: (uuid: string, on: boolean, name: string, o?: CallOptions) =>
      client.put<LiveState>(`${base(uuid)}/live/broadcast`, { on, name }, o),
    handout: (uuid: string, code: string, name: string, emails?: string[], o?: CallOptions) =>
      client.put<LiveHandedOut>(
        `${base(uuid)}/live/handout`,
        { code, name, ...(emails ? { emails } : {}) },
        o,
      ),
    hand: (uuid: string, up: boolean, luuid: string | null, o?: CallOptions) =>
      client.put<LiveState>(`${base(uuid)}/live/hand`, { up, luuid }, o),
    resolveHand: (uuid: string, email: string, o?: CallOptions) =>
      client.put<LiveState>(`${base(uuid)}/live/hand/resolve`, { email }, o),
    comments: (uuid: string, luuid: string, email: string | null, o?: CallOptions) =>
      client.get<CommentList>(`${base(uuid)}/comments`, {
        ...o,
        params: { luuid, ...(email ? { user_email: email } : {}) },
      }),
    addComment: (
      uuid: string,
      body: {
        luuid: string;
        user_email: string;
        suuid?: string | null;
        anchor: CommentAnchor;
        text: string;
      },
      o?: CallOptions,
    ) => client.post<Comment>(`${base(uuid)}/comments`, body, o),
    resolveComment: (uuid: string, commentId: string, o?: CallOptions) =>
      client.put<Comment>(`${base(uuid)}/comments/${id(commentId)}/resolve`, {}, o),
  };
}

export type LiveApi = ReturnType<typeof liveApi>;
