import { useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import * as cmd from '../../../device/protocol/commands.ts';
import { useCommandSender } from '../../../device/ui/use-device.ts';
import Panel from '../Panel.tsx';
import type { BoardGate } from '../use-board-gate.ts';
import ActionButton from './ActionButton.tsx';

/** Voice module: play, next, previous, go to track, erase tracks (spec core §9). */
export default function VoicePanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const { send, error } = useCommandSender();
  const [track, setTrack] = useState(1);
  return (
    <Panel id="voice" title={t('voice.title')} disabledReason={gate.reason} error={error}>
      <div className="d-flex flex-wrap gap-1">
        <ActionButton
          onClick={() => void send(cmd.voicePrevious())}
          aria-label={t('voice.previous')}
        >
          <i className="bi bi-skip-start-fill" aria-hidden /> {t('voice.previous')}
        </ActionButton>
        <ActionButton onClick={() => void send(cmd.voicePlay())}>
          <i className="bi bi-play-fill" aria-hidden /> {t('voice.play')}
        </ActionButton>
        <ActionButton onClick={() => void send(cmd.voiceNext())}>
          {t('voice.next')} <i className="bi bi-skip-end-fill" aria-hidden />
        </ActionButton>
      </div>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          void send(cmd.voiceGoTo(track));
        }}
      >
        <InputGroup size="sm">
          <InputGroup.Text as="label" htmlFor="voice-track">
            {t('voice.track')}
          </InputGroup.Text>
          <Form.Control
            id="voice-track"
            type="number"
            min={1}
            max={255}
            value={track}
            onChange={(e) => setTrack(Number(e.target.value))}
          />
          <Button type="submit">{t('voice.goTo')}</Button>
        </InputGroup>
      </Form>
      <ActionButton
        variant="outline-danger"
        onClick={() => {
          if (window.confirm(t('voice.eraseConfirm'))) void send(cmd.voiceErase());
        }}
      >
        {t('voice.erase')}
      </ActionButton>
    </Panel>
  );
}
