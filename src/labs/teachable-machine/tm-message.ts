// How a class reaches the board: a key-value message on the channel (key = channel,
// value = the class label) sent with NET_BROADCAST (docs/protocol-extensions.md), so the
// running program receives it as `key "channel" = "label"` and the board echoes it back.
// The key-value text is `key,value`: neither part may hold a comma, and the board keeps keys
// in lower case (board-protocol §3.4); the label is sent as it is. Pure.

export const TM_DEFAULT_CHANNEL = 'tm';
/** The board's key-value text is at most 60 bytes. */
const MAX_TEXT_BYTES = 60;
const MAX_CHANNEL = 16;

export interface TmMessage {
  key: string;
  value: string;
}

type ChannelProblem = 'empty' | 'comma' | 'too-long' | null;

export function channelProblem(channel: string): ChannelProblem {
  const c = channel.trim();
  if (c === '') return 'empty';
  if (c.includes(',')) return 'comma';
  if (c.length > MAX_CHANNEL) return 'too-long';
  return null;
}

/** The message for `label` on `channel`, or null when the channel is not usable. */
export function tmMessage(channel: string, label: string): TmMessage | null {
  if (channelProblem(channel) !== null) return null;
  const key = channel.trim().toLowerCase();
  let value = label.replace(/,/g, ' ').trim();
  const encoder = new TextEncoder();
  while (encoder.encode(`${key},${value}`).length > MAX_TEXT_BYTES) {
    value = Array.from(value).slice(0, -1).join('');
  }
  return { key, value };
}
