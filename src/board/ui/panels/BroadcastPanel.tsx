import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { isEspFamily } from '../../../device/board-state.ts';
import * as cmd from '../../../device/protocol/commands.ts';
import { useCommandSender } from '../../../device/ui/use-device.ts';
import { board } from '../../../device/board-store.ts';
import Panel from '../../../device/ui/Panel.tsx';
import type { BoardGate } from '../../../device/ui/use-board-gate.ts';
import { CompactField, CompactForm } from '../../../ui/compact-form/CompactForm.tsx';

/**
 * Broadcast and key-value messages the board relays (packet type 7), and a broadcast sent
 * from here (NET_BROADCAST, our extension where board-protocol §10 question 10 is silent:
 * docs/protocol-extensions.md). The board hands it to its program and its network and
 * echoes it back, so it appears as the latest message too.
 */
export default function BroadcastPanel({
  gate,
  id = 'broadcast',
}: {
  gate: BoardGate;
  id?: string;
}) {
  const { t } = useTranslation('board');
  const live = useSnapshot(board);
  const kv = live.keyValue;
  const { send, error, busy } = useCommandSender();
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const canSend = isEspFamily(gate.boardType);
  const keyOk = key.trim() !== '' && !key.includes(',');
  return (
    <Panel id={id} title={t('broadcast.title')} disabledReason={gate.reason} error={error}>
      <p className="mb-0" data-testid={`${id}-latest`}>
        {kv ? (
          <>
            <code>{kv.key}</code> = <code>{kv.value}</code>
          </>
        ) : (
          t('broadcast.none')
        )}
      </p>
      {canSend ? (
        <CompactForm
          row
          onSubmit={() => {
            if (keyOk) void send(cmd.broadcast(key.trim(), value));
          }}
        >
          <CompactField label={t('broadcast.key')} value={key} onChange={setKey} />
          <CompactField label={t('broadcast.value')} value={value} onChange={setValue} />
          <Button size="sm" type="submit" disabled={!keyOk || busy}>
            {t('broadcast.send')}
          </Button>
        </CompactForm>
      ) : (
        gate.reason === null && <p className="small mb-0">{t('broadcast.sendNotAvailable')}</p>
      )}
      {live.debug.length > 0 && (
        <details>
          <summary className="small">{t('broadcast.debug', { count: live.debug.length })}</summary>
          <pre className="small mb-0">{live.debug.slice(-10).join('\n')}</pre>
        </details>
      )}
    </Panel>
  );
}
