// The board page's "Publish this board to my web UI" switch (docs/labs.md "Board bridge"):
// the bridge's state, where it publishes and what it did. The switch needs a connected
// board; the choice is remembered in this browser.
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import Panel from '../../device/ui/Panel.tsx';
import { board } from '../../device/board-store.ts';
import { boardBridge } from '../bridge-store.ts';
import { getBoardBridge, setBridgeWanted } from '../runtime.ts';
import type { BridgeSnapshot } from '../board-bridge.ts';

/** `…/u/{id}/`: the end of the namespace a user recognises. */
const shortRoot = (root: string) => `…/${root.split('/').slice(-2).join('/')}/`;

function statusText(t: TFunction<'board'>, s: BridgeSnapshot): string {
  switch (s.phase) {
    case 'off':
      return t('webuiBridge.state.off');
    case 'connecting':
      return t(s.reconnecting ? 'webuiBridge.state.reconnecting' : 'webuiBridge.state.connecting');
    case 'publishing':
      return t('webuiBridge.state.publishing', { root: shortRoot(s.root ?? '') });
    case 'error':
      return t('webuiBridge.state.error', { reason: s.error?.message ?? '' });
  }
}

export default function BoardBridgePanel() {
  const { t } = useTranslation('board');
  const live = useSnapshot(board);
  const s = useSnapshot(boardBridge);
  const connected = live.link.status === 'connected';
  // The bridge is built when the page opens (or at boot when it was left on).
  useEffect(() => void getBoardBridge(), []);
  const on = connected && s.enabled;
  return (
    <Panel id="webui-bridge" title={t('webuiBridge.title')} disabledReason={null}>
      <Form.Check
        type="switch"
        id="webui-bridge-switch"
        label={t('webuiBridge.switch')}
        checked={on}
        disabled={!connected}
        onChange={(e) => setBridgeWanted(e.target.checked)}
      />
      {!connected && (
        <p className="small text-body-secondary mb-0">{t('webuiBridge.needsBoard')}</p>
      )}
      <p
        className={`small mb-0 ${s.phase === 'error' ? 'text-danger' : ''}`}
        role="status"
        data-testid="webui-bridge-state"
      >
        {statusText(t, s)}
      </p>
      {s.enabled && connected && (
        <p className="small text-body-secondary mb-0" data-testid="webui-bridge-counts">
          {t('webuiBridge.counts', {
            published: s.published,
            applied: s.applied,
            ignored: s.ignored,
            failed: s.failed,
          })}
        </p>
      )}
      <p className="small text-body-secondary mb-0">{t('webuiBridge.help')}</p>
    </Panel>
  );
}
