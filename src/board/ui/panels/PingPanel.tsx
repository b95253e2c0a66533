import { useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import * as cmd from '../../../device/protocol/commands.ts';
import { useCommandSender } from '../../../device/ui/use-device.ts';
import Panel from '../../../device/ui/Panel.tsx';
import type { BoardGate } from '../../../device/ui/use-board-gate.ts';

/** Ping the board, or a wireless GoGo node by address (board-protocol §2.3 cmd 1). */
export default function PingPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const { send, error } = useCommandSender();
  const [node, setNode] = useState('');
  const [sent, setSent] = useState(0);
  return (
    <Panel id="ping" title={t('ping.title')} disabledReason={gate.reason} error={error}>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          const n = node.trim() === '' ? undefined : Number(node);
          void send(cmd.ping(n)).then((ok) => ok && setSent((s) => s + 1));
        }}
      >
        <InputGroup size="sm">
          <Form.Control
            type="number"
            min={0}
            max={255}
            placeholder={t('ping.node')}
            aria-label={t('ping.node')}
            value={node}
            onChange={(e) => setNode(e.target.value)}
          />
          <Button type="submit">{t('ping.send')}</Button>
        </InputGroup>
      </Form>
      <p className="small text-body-secondary mb-0">{t('ping.sent', { count: sent })}</p>
    </Panel>
  );
}
