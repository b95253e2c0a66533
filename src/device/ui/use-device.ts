// React access to the board link: the connection service (created on first use) and a
// helper that sends a command and turns a failure into the spec's message.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDevice } from '../runtime.ts';
import {
  DeviceError,
  type DeviceConnection,
  type HidCommandRequest,
  type SendOptions,
} from '../device.ts';
import { translateError } from './messages.ts';

export function useDevice(): DeviceConnection {
  return getDevice();
}

interface CommandSender {
  /** Sends commands in order; resolves false (and sets `error`) when one fails. */
  send(...commands: HidCommandRequest[]): Promise<boolean>;
  /** The translated message of the last failure, or null. */
  error: string | null;
  busy: boolean;
}

export function useCommandSender(options: SendOptions = {}): CommandSender {
  const { t } = useTranslation('device');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ignoreBoardMatch = options.ignoreBoardMatch ?? false;
  const send = useCallback(
    async (...commands: HidCommandRequest[]) => {
      setBusy(true);
      setError(null);
      try {
        for (const c of commands) await getDevice().send(c, { ignoreBoardMatch });
        return true;
      } catch (e) {
        const err = e instanceof DeviceError ? e : new DeviceError('write-failed', String(e));
        setError(translateError(t, err.code, err.detail));
        return false;
      } finally {
        setBusy(false);
      }
    },
    [t, ignoreBoardMatch],
  );
  return { send, error, busy };
}
