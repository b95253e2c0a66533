// Topics and retained messages of the remote-lab broker (docs/remote-lab.md "Topics").
// Everything a board carries lives under `{prefix}/lab/{board}`:
//
//   presence            station → everyone allowed (retained; the will says offline)
//   control             server → station (retained): the session that holds the board
//   s/{key}/down        holder → station: command and sequence frames
//   s/{key}/up          station → holder: report and progress frames
//
// `key` is a session's random topic key, so topics of one session are never guessable from
// another's; the broker's access control enforces who may use which (docs/remote-lab.md
// "Access control").

export function labBase(prefix: string, boardId: string): string {
  return `${prefix}/lab/${boardId}`;
}

export const labTopics = (base: string) => ({
  presence: `${base}/presence`,
  control: `${base}/control`,
  up: (key: string) => `${base}/s/${key}/up`,
  down: (key: string) => `${base}/s/${key}/down`,
  /** What a station subscribes to for its holders' frames. */
  anyDown: `${base}/s/+/down`,
});

/** Every board's presence, for the server. */
export const allPresence = (prefix: string) => `${prefix}/lab/+/presence`;

/** The board a topic under `{prefix}/lab/` names, or null. */
export function boardOfTopic(prefix: string, topic: string): string | null {
  const head = `${prefix}/lab/`;
  if (!topic.startsWith(head)) return null;
  const board = topic.slice(head.length).split('/')[0];
  return board ? board : null;
}

/** The session key of a `…/s/{key}/down|up` topic, or null. */
export function keyOfTopic(topic: string): string | null {
  const m = /\/s\/([^/]+)\/(?:up|down)$/.exec(topic);
  return m?.[1] ?? null;
}

/** The station's retained presence (JSON). */
export interface StationPresence {
  online: boolean;
  /** The board behind the station, or null while none is plugged in. */
  board: { type: number; version: number; firmware: number } | null;
  /** The board's answer byte (status byte 34) as the station last read it. */
  answer: number;
  /** The topic key of the session the station serves now, or null. */
  session: string | null;
  /** The station's software, for the lab page ("node-virtual", "browser-webhid", …). */
  kind?: string;
}

/** What the server tells a station (retained JSON on `control`). */
export interface StationControl {
  session: {
    key: string;
    id: number;
    /** Milliseconds since 1970 when the lesson's time limit ends it, or null. */
    endsAt: number | null;
  } | null;
}

export function parsePresence(payload: Uint8Array | string): StationPresence | null {
  try {
    const text = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
    const p = JSON.parse(text) as Partial<StationPresence>;
    if (typeof p !== 'object' || p === null || typeof p.online !== 'boolean') return null;
    const b = p.board;
    const board =
      b && typeof b === 'object' && [b.type, b.version, b.firmware].every(Number.isInteger)
        ? { type: b.type, version: b.version, firmware: b.firmware }
        : null;
    const answer = Number.isInteger(p.answer) ? Math.min(255, Math.max(0, Number(p.answer))) : 0;
    const session = typeof p.session === 'string' ? p.session : null;
    return {
      online: p.online,
      board,
      answer,
      session,
      ...(typeof p.kind === 'string' ? { kind: p.kind.slice(0, 40) } : {}),
    };
  } catch {
    return null;
  }
}

export function parseControl(payload: Uint8Array | string): StationControl | null {
  try {
    const text = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
    if (text === '') return { session: null };
    const c = JSON.parse(text) as Partial<StationControl>;
    const s = c.session;
    if (s === null || s === undefined) return { session: null };
    if (typeof s.key !== 'string' || !Number.isInteger(s.id)) return null;
    return {
      session: {
        key: s.key,
        id: s.id,
        endsAt: typeof s.endsAt === 'number' ? s.endsAt : null,
      },
    };
  } catch {
    return null;
  }
}
