import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import * as cmd from '../../../device/protocol/commands.ts';
import { useCommandSender } from '../../../device/ui/use-device.ts';
import Panel from '../../../device/ui/Panel.tsx';
import type { BoardGate } from '../../../device/ui/use-board-gate.ts';

/** Beep and the user LED (id 0). */
export default function BeepLedPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const { send, error } = useCommandSender();
  return (
    <Panel id="beep" title={t('beep.title')} disabledReason={gate.reason} error={error}>
      <div className="d-flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void send(cmd.beep())}>
          <i className="bi bi-bell-fill me-1" aria-hidden />
          {t('beep.beep')}
        </Button>
        <Button size="sm" variant="outline-primary" onClick={() => void send(cmd.led(0, true))}>
          {t('beep.ledOn')}
        </Button>
        <Button size="sm" variant="outline-primary" onClick={() => void send(cmd.led(0, false))}>
          {t('beep.ledOff')}
        </Button>
      </div>
    </Panel>
  );
}
