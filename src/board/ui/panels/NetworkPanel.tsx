import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { isEspFamily, wifiStatusKey } from '../../../device/board-state.ts';
import * as cmd from '../../../device/protocol/commands.ts';
import { useCommandSender } from '../../../device/ui/use-device.ts';
import { board } from '../../../device/board-store.ts';
import Panel from '../../../device/ui/Panel.tsx';
import type { BoardGate } from '../../../device/ui/use-board-gate.ts';
import WifiForm from './WifiForm.tsx';

/** The board's own Wi-Fi (GoGo 6/7: memory commands 10 and 11, board-protocol §2.4). */
export default function NetworkPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const { t: td } = useTranslation('device');
  const live = useSnapshot(board);
  const { send, error } = useCommandSender();
  const reason = gate.reason ?? (isEspFamily(gate.boardType) ? null : t('network.notAvailable'));
  return (
    <Panel id="network" title={t('network.title')} disabledReason={reason} error={error}>
      <WifiForm
        onSubmit={(ssid, password) =>
          void send(cmd.setWifiSsid(ssid), cmd.setWifiPassword(password))
        }
        actions={(hasSsid) => (
          <Button size="sm" type="submit" disabled={!hasSsid}>
            {t('network.save')}
          </Button>
        )}
      />
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
