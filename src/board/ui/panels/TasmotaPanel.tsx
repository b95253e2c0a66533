import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { isEspFamily } from '../../../device/board-state.ts';
import { DeviceError } from '../../../device/device.ts';
import { translateError } from '../../../device/ui/messages.ts';
import { useDevice } from '../../../device/ui/use-device.ts';
import Panel from '../../../device/ui/Panel.tsx';
import { sendTasmota, type TasmotaAnswer } from '../../tasmota.ts';
import type { BoardGate } from '../../../device/ui/use-board-gate.ts';

const COMMANDS = ['Power On', 'Power Off', 'Power Toggle', 'Power'] as const;
const COMMAND_KEYS: Record<(typeof COMMANDS)[number], string> = {
  'Power On': 'on',
  'Power Off': 'off',
  'Power Toggle': 'toggle',
  Power: 'state',
};

/**
 * Tasmota smart plugs and relays on the board's Wi-Fi (NET_TASMOTA, our extension: see
 * docs/protocol-extensions.md). Only GoGo 6 and 7 have Wi-Fi.
 */
export default function TasmotaPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const device = useDevice();
  const [host, setHost] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<TasmotaAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reason = gate.reason ?? (isEspFamily(gate.boardType) ? null : t('network.notAvailable'));

  async function send(command: string) {
    setBusy(true);
    setError(null);
    setAnswer(null);
    try {
      setAnswer(await sendTasmota(device, host, command));
    } catch (e) {
      const err = e instanceof DeviceError ? e : new DeviceError('write-failed', String(e));
      setError(translateError(t, err.code, err.detail));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel id="tasmota" title={t('tasmota.title')} disabledReason={reason} error={error}>
      <Form.Control
        size="sm"
        placeholder={t('tasmota.host')}
        aria-label={t('tasmota.host')}
        value={host}
        onChange={(e) => setHost(e.target.value)}
      />
      <div className="d-flex flex-wrap gap-1">
        {COMMANDS.map((c) => (
          <Button
            key={c}
            size="sm"
            variant="outline-primary"
            disabled={busy || host.trim() === '' || host.includes(',')}
            onClick={() => void send(c)}
          >
            {t(`tasmota.commands.${COMMAND_KEYS[c]}`)}
          </Button>
        ))}
      </div>
      <p className="small mb-0" data-testid="tasmota-answer" role="status">
        {busy
          ? t('tasmota.waiting')
          : answer === null
            ? t('tasmota.hint')
            : answer.ok
              ? answer.power
                ? t(`tasmota.power.${answer.power === 'ON' ? 'on' : 'off'}`)
                : t('tasmota.answer', { body: answer.body })
              : t(`tasmota.errors.${answer.reason}`)}
      </p>
    </Panel>
  );
}
