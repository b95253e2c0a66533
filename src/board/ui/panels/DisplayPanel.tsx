import { useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import * as cmd from '../../../device/protocol/commands.ts';
import { useCommandSender } from '../../../device/ui/use-device.ts';
import Panel from '../../../device/ui/Panel.tsx';
import type { BoardGate } from '../../../device/ui/use-board-gate.ts';

/** Board text limit (spec core §5, §9). */
const TEXT_LIMIT = 60;

/** Display: text on the LCD (cut to 60 characters), a number on the 7-segment display. */
export default function DisplayPanel({ gate, id = 'display' }: { gate: BoardGate; id?: string }) {
  const { t } = useTranslation('board');
  const { send, error } = useCommandSender();
  const [text, setText] = useState('');
  const [number, setNumber] = useState('');
  const chars = [...text].length;
  return (
    <Panel id={id} title={t('display.title')} disabledReason={gate.reason} error={error}>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          void send(cmd.showLongText(text));
        }}
      >
        <Form.Label htmlFor={`${id}-text`} className="small mb-1">
          {t('display.text')}
        </Form.Label>
        <InputGroup size="sm">
          <Form.Control id={`${id}-text`} value={text} onChange={(e) => setText(e.target.value)} />
          <Button type="submit">{t('display.show')}</Button>
        </InputGroup>
        <Form.Text className={chars > TEXT_LIMIT ? 'text-warning' : ''}>
          {chars > TEXT_LIMIT
            ? t('display.willCut', { count: chars, limit: TEXT_LIMIT })
            : t('display.count', { count: chars, limit: TEXT_LIMIT })}
        </Form.Text>
      </Form>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          if (number.trim() !== '') void send(cmd.showShortText(number.trim().slice(0, 4)));
        }}
      >
        <Form.Label htmlFor={`${id}-number`} className="small mb-1">
          {t('display.number')}
        </Form.Label>
        <InputGroup size="sm">
          <Form.Control
            id={`${id}-number`}
            inputMode="numeric"
            maxLength={4}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
          />
          <Button type="submit">{t('display.show')}</Button>
        </InputGroup>
      </Form>
      <Button size="sm" variant="outline-secondary" onClick={() => void send(cmd.clearScreen())}>
        {t('display.clear')}
      </Button>
    </Panel>
  );
}
