import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { PORT_NAMES } from '../../../device/board-state.ts';
import * as cmd from '../../../device/protocol/commands.ts';
import { useCommandSender } from '../../../device/ui/use-device.ts';
import { board } from '../../../state/board.ts';
import Panel from '../Panel.tsx';
import type { BoardGate } from '../use-board-gate.ts';
import ActionButton from './ActionButton.tsx';

function PortChooser(props: {
  id: string;
  selected: string[];
  onChange: (s: string[]) => void;
  label: string;
}) {
  const { t } = useTranslation('board');
  return (
    <div className="d-flex flex-wrap gap-3" role="group" aria-label={props.label}>
      {PORT_NAMES.map((p) => (
        <Form.Check
          key={p}
          id={`${props.id}-${p}`}
          label={t('motors.port', { port: p.toUpperCase() })}
          checked={props.selected.includes(p)}
          onChange={(e) =>
            props.onChange(
              e.target.checked ? [...props.selected, p] : props.selected.filter((x) => x !== p),
            )
          }
        />
      ))}
    </div>
  );
}

/** Servo: set an angle or turn this way / that way on the chosen servo ports. */
export function ServoPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const live = useSnapshot(board);
  const { send, error } = useCommandSender();
  const [ports, setPorts] = useState<string[]>(['a']);
  const [angle, setAngle] = useState(90);
  const talk = () => cmd.talkToServo(cmd.portMask(ports));
  return (
    <Panel id="servo" title={t('servo.title')} disabledReason={gate.reason} error={error}>
      <PortChooser id="servo" selected={ports} onChange={setPorts} label={t('servo.select')} />
      <div className="d-flex align-items-center gap-2">
        <Form.Label htmlFor="servo-angle" className="mb-0 small">
          {t('servo.angle')}
        </Form.Label>
        <Form.Control
          id="servo-angle"
          type="number"
          size="sm"
          min={0}
          max={180}
          value={angle}
          onChange={(e) => setAngle(Number(e.target.value))}
          style={{ width: '6rem' }}
        />
        <div className="d-flex flex-wrap gap-1">
          <ActionButton onClick={() => void send(talk(), cmd.servoSetAngle(angle))}>
            {t('servo.set')}
          </ActionButton>
          <ActionButton onClick={() => void send(talk(), cmd.servoThisWay(angle))}>
            {t('servo.thisWay')}
          </ActionButton>
          <ActionButton onClick={() => void send(talk(), cmd.servoThatWay(angle))}>
            {t('servo.thatWay')}
          </ActionButton>
        </div>
      </div>
      {live.status?.builtin && (
        <ul className="list-unstyled small mb-0" data-testid="servo-state">
          {live.status.servos.map((s) => (
            <li key={s.name} data-testid={`servo-${s.name}`}>
              {t('servo.state', {
                port: s.name.toUpperCase(),
                active: s.isActive ? t('servo.active') : t('servo.inactive'),
                on: s.isOn ? t('servo.on') : t('servo.off'),
                angle: s.angle,
              })}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** Servo-relay: a servo port used as a relay; on = power 100, off = 0 (spec core §9). */
export function ServoRelayPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const live = useSnapshot(board);
  const { send, error } = useCommandSender();
  const [ports, setPorts] = useState<string[]>(['a']);
  const talk = () => cmd.talkToServo(cmd.portMask(ports));
  return (
    <Panel id="relay" title={t('relay.title')} disabledReason={gate.reason} error={error}>
      <PortChooser id="relay" selected={ports} onChange={setPorts} label={t('servo.select')} />
      <div className="d-flex flex-wrap gap-1">
        <ActionButton onClick={() => void send(talk(), cmd.relay(true))}>
          {t('relay.on')}
        </ActionButton>
        <ActionButton onClick={() => void send(talk(), cmd.relay(false))}>
          {t('relay.off')}
        </ActionButton>
      </div>
      {live.status?.builtin && (
        <table className="table table-sm small mb-0" data-testid="relay-state">
          <thead>
            <tr>
              <th scope="col">{t('relay.port')}</th>
              <th scope="col">{t('relay.mode')}</th>
              <th scope="col">{t('relay.isActive')}</th>
              <th scope="col">{t('relay.isOn')}</th>
              <th scope="col">{t('relay.angle')}</th>
              <th scope="col">{t('relay.power')}</th>
            </tr>
          </thead>
          <tbody>
            {live.status.servoRelays.map((r) => (
              <tr key={r.name} data-testid={`relay-${r.name}`}>
                <th scope="row">{r.name.toUpperCase()}</th>
                <td>{t(`relay.modes.${r.mode}`)}</td>
                <td>{r.isActive ? t('relay.yes') : t('relay.no')}</td>
                <td>{r.isOn ? t('relay.yes') : t('relay.no')}</td>
                <td>{r.angle}°</td>
                <td>{r.power}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
