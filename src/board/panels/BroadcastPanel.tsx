import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { board } from '../../state/board.ts';
import Panel from '../Panel.tsx';
import type { BoardGate } from '../use-board-gate.ts';

/**
 * Broadcast and key-value messages the board relays (packet type 7). Sending a broadcast
 * from the host has no documented USB command (board-protocol §10 question 10).
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
  return (
    <Panel id={id} title={t('broadcast.title')} disabledReason={gate.reason}>
      <p className="mb-0" data-testid={`${id}-latest`}>
        {kv ? (
          <>
            <code>{kv.key}</code> = <code>{kv.value}</code>
          </>
        ) : (
          t('broadcast.none')
        )}
      </p>
      {live.debug.length > 0 && (
        <details>
          <summary className="small">{t('broadcast.debug', { count: live.debug.length })}</summary>
          <pre className="small mb-0">{live.debug.slice(-10).join('\n')}</pre>
        </details>
      )}
    </Panel>
  );
}
