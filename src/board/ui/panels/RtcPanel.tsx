import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import * as cmd from '../../../device/protocol/commands.ts';
import { useCommandSender } from '../../../device/ui/use-device.ts';
import { board } from '../../../device/board-store.ts';
import Panel from '../../../device/ui/Panel.tsx';
import type { BoardGate } from '../../../device/ui/use-board-gate.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Real-time clock: sync from this computer (seconds … year−2000, spec core §9), read back. */
export default function RtcPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const live = useSnapshot(board);
  const { send, error } = useCommandSender();
  const rtc = live.status?.rtc;
  return (
    <Panel id="rtc" title={t('rtc.title')} disabledReason={gate.reason} error={error}>
      <p className="mb-0 font-monospace" data-testid="board-rtc">
        {!rtc
          ? '—'
          : rtc.present
            ? `${rtc.year}-${pad(rtc.month)}-${pad(rtc.date)} ${pad(rtc.hour)}:${pad(rtc.minute)}:${pad(rtc.second)} · ${t(`rtc.weekday.${rtc.weekday}`)}`
            : t('rtc.absent')}
      </p>
      <div className="d-flex gap-2">
        <Button size="sm" onClick={() => void send(cmd.syncRtc(new Date()))}>
          {t('rtc.sync')}
        </Button>
        <Button size="sm" variant="outline-primary" onClick={() => void send(cmd.readRtc())}>
          {t('rtc.read')}
        </Button>
      </div>
    </Panel>
  );
}
