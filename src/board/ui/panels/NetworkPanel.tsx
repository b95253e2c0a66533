import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { isEspFamily, wifiStatusKey } from '../../../device/board-state.ts';
import * as cmd from '../../../device/protocol/commands.ts';
import { useCommandSender } from '../../../device/ui/use-device.ts';
import { board } from '../../../state/board.ts';
import Panel from '../Panel.tsx';
import type { BoardGate } from '../use-board-gate.ts';

/** The board's own Wi-Fi (GoGo 6/7: memory commands 10 and 11, board-protocol §2.4). */
export default function NetworkPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const { t: td } = useTranslation('device');
  const live = useSnapshot(board);
  const { send, error } = useCommandSender();
  const [ssid, setSsid] = useState('');
  const [password, setPassword] = useState('');
  const reason = gate.reason ?? (isEspFamily(gate.boardType) ? null : t('network.notAvailable'));
  return (
    <Panel id="network" title={t('network.title')} disabledReason={reason} error={error}>
      <Form
        className="d-flex flex-column gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          void send(cmd.setWifiSsid(ssid), cmd.setWifiPassword(password));
        }}
      >
        <Form.Control
          size="sm"
          placeholder={t('network.ssid')}
          aria-label={t('network.ssid')}
          value={ssid}
          onChange={(e) => setSsid(e.target.value)}
        />
        <Form.Control
          size="sm"
          type="password"
          placeholder={t('network.password')}
          aria-label={t('network.password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button size="sm" type="submit" disabled={ssid.trim() === ''}>
          {t('network.save')}
        </Button>
      </Form>
      {live.status?.builtin && (
        <p className="small mb-0" data-testid="board-wifi-status">
          {t('network.status', {
            status: td(`pi.wifiStatus.${wifiStatusKey(live.status.wifiStatus)}`),
          })}
        </p>
      )}
    </Panel>
  );
}
