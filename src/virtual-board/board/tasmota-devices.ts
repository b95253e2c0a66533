// Pretend Tasmota devices the virtual board reaches over its Wi-Fi (NET_TASMOTA,
// docs/protocol-extensions.md): a command text in, the reply's status and body out.

interface TasmotaReply {
  /** 1 answered by the device, 2 failed before reaching one. */
  status: 1 | 2;
  body: string;
}

/** Runs `host,command` against `devices` (host → power on), switching them as asked. */
export function tasmotaReply(
  devices: Map<string, boolean>,
  wifiConnected: boolean,
  text: string,
): TasmotaReply {
  const reply = (status: 1 | 2, body: string): TasmotaReply => ({ status, body });
  const comma = text.indexOf(',');
  const host = comma < 0 ? '' : text.slice(0, comma).trim().toLowerCase();
  const command =
    comma < 0
      ? ''
      : text
          .slice(comma + 1)
          .trim()
          .toLowerCase();
  if (host === '' || command === '') return reply(2, 'bad-request');
  if (!wifiConnected) return reply(2, 'no-wifi');
  if (host.startsWith('unreachable')) return reply(2, 'unreachable');
  const was = devices.get(host) ?? false;
  const words = command.split(/\s+/);
  if (words[0] !== 'power' || words.length > 2) return reply(1, '{"Command":"Unknown"}');
  const arg = words[1];
  const on =
    arg === undefined
      ? was
      : arg === 'on' || arg === '1'
        ? true
        : arg === 'off' || arg === '0'
          ? false
          : arg === 'toggle' || arg === '2'
            ? !was
            : null;
  if (on === null) return reply(1, '{"Command":"Unknown"}');
  devices.set(host, on);
  return reply(1, `{"POWER":"${on ? 'ON' : 'OFF'}"}`);
}
