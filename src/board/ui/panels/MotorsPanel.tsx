import { useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { defaultMotorCount, PORT_NAMES } from '../../../device/board-state.ts';
import * as cmd from '../../../device/protocol/commands.ts';
import { useCommandSender } from '../../../device/ui/use-device.ts';
import { board } from '../../../device/board-store.ts';
import Panel from '../../../device/ui/Panel.tsx';
import type { BoardGate } from '../../../device/ui/use-board-gate.ts';

/**
 * Motors a-d (2 by default on Bright and boards 6/7): choose ports ("talk to motor"), then
 * on/off, this way/that way/reverse and power act on the chosen ports.
 */
export default function MotorsPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('board');
  const live = useSnapshot(board);
  const { send, error } = useCommandSender();
  const [allPorts, setAllPorts] = useState(false);
  const [selected, setSelected] = useState<string[]>(['a']);
  const [power, setPower] = useState(100);
  const count = allPorts ? 4 : defaultMotorCount(gate.boardType);
  const ports = PORT_NAMES.slice(0, count);
  const chosen = selected.filter((p) => ports.includes(p as (typeof PORT_NAMES)[number]));
  const talk = () => cmd.talkToMotor(cmd.portMask(chosen));

  return (
    <Panel id="motors" title={t('motors.title')} disabledReason={gate.reason} error={error}>
      <div className="d-flex flex-wrap gap-3" role="group" aria-label={t('motors.select')}>
        {ports.map((p) => (
          <Form.Check
            key={p}
            id={`motor-${p}`}
            label={t('motors.port', { port: p.toUpperCase() })}
            checked={selected.includes(p)}
            onChange={(e) =>
              setSelected((s) => (e.target.checked ? [...s, p] : s.filter((x) => x !== p)))
            }
          />
        ))}
        {count < 4 && (
          <Button variant="link" size="sm" className="p-0" onClick={() => setAllPorts(true)}>
            {t('motors.allPorts')}
          </Button>
        )}
      </div>
      <div className="d-flex flex-wrap gap-1">
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => void send(talk(), cmd.motorOn())}
        >
          {t('motors.on')}
        </Button>
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => void send(talk(), cmd.motorOff())}
        >
          {t('motors.off')}
        </Button>
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => void send(talk(), cmd.motorThisWay())}
        >
          {t('motors.thisWay')}
        </Button>
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => void send(talk(), cmd.motorThatWay())}
        >
          {t('motors.thatWay')}
        </Button>
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => void send(talk(), cmd.motorReverse())}
        >
          {t('motors.reverse')}
        </Button>
      </div>
      <Form
        className="d-flex align-items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void send(talk(), cmd.setPower(power));
        }}
      >
        <Form.Label htmlFor="motor-power" className="mb-0 small">
          {t('motors.power')}
        </Form.Label>
        <Form.Range
          id="motor-power"
          className="flex-grow-1"
          style={{ minWidth: '6rem' }}
          min={0}
          max={100}
          value={power}
          onChange={(e) => setPower(Number(e.target.value))}
        />
        <output htmlFor="motor-power" className="font-monospace small">
          {power}%
        </output>
        <Button size="sm" type="submit" className="text-nowrap">
          {t('motors.setPower')}
        </Button>
      </Form>
      <table className="table table-sm small mb-0">
        <tbody>
          {(live.status?.motors ?? []).slice(0, count).map((m) => (
            <tr key={m.name} data-testid={`motor-state-${m.name}`}>
              <th scope="row">{m.name.toUpperCase()}</th>
              <td>{m.isActive ? t('motors.selected') : ''}</td>
              <td>{m.isOn ? t('motors.on') : t('motors.off')}</td>
              <td>{m.direction === 'cw' ? t('motors.thisWay') : t('motors.thatWay')}</td>
              <td className="text-end">{m.power}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}
