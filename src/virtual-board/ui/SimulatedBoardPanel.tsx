// The virtual board's panel: its inputs (sensor sliders, built-in sensors, IR), what it
// does with the commands it received (motors, servos, LEDs, display, clock, voice,
// program), its settings (board type, version, firmware, RTC, Pi companion) and its cable.
import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import {
  DISPLAY_BOARDS,
  GESTURE_LABELS,
  isEspFamily,
  ORIENTATION_LABELS,
  sensorCount,
} from '../../device/board-state.ts';
import { getSimHost } from '../host/sim-host.ts';
import type { SimConfig, SimState } from '../board/simulated-board.ts';
import SimFirmwarePanel from './SimFirmwarePanel.tsx';
import SimDatalogPanel from './SimDatalogPanel.tsx';
import SimPiPanel from './SimPiPanel.tsx';
import './sim-panel.css';

const PORTS = ['a', 'b', 'c', 'd'];
const pad = (n: number) => String(n).padStart(2, '0');
/** How long the beep mark shows after a beep. */
const BEEP_SHOW_MS = 400;

/** A motor's shaft: turns while the motor is on, faster with more power. */
function MotorIcon({
  on,
  cw,
  power,
  label,
}: {
  on: boolean;
  cw: boolean;
  power: number;
  label: string;
}) {
  const seconds = on ? Math.max(0.25, 2 - (1.75 * power) / 100) : 0;
  return (
    <span
      className={`sim-motor-icon bi bi-gear-fill ${on ? 'turning' : ''} ${cw ? '' : 'ccw'}`}
      style={{ ['--sim-turn-s' as string]: `${seconds}s` }}
      role="img"
      aria-label={label}
    />
  );
}

/** Shows a note mark for a moment whenever the beep count goes up. */
function useBeepFlash(beeps: number): boolean {
  const [sounding, setSounding] = useState(false);
  const last = useRef(beeps);
  useEffect(() => {
    if (beeps === last.current) return;
    last.current = beeps;
    setSounding(true);
    const timer = setTimeout(() => setSounding(false), BEEP_SHOW_MS);
    return () => clearTimeout(timer);
  }, [beeps]);
  return sounding;
}

function Slider(props: {
  id: string;
  label: string;
  min: number;
  max: number;
  value: number;
  onChange: (v: number) => void;
}) {
  return (
    <div className="d-flex align-items-center gap-2 small">
      <label htmlFor={props.id} className="text-nowrap" style={{ minWidth: '6.5rem' }}>
        {props.label}
      </label>
      <Form.Range
        id={props.id}
        min={props.min}
        max={props.max}
        value={props.value}
        onChange={(e) => props.onChange(Number(e.target.value))}
      />
      <output htmlFor={props.id} className="text-end font-monospace" style={{ minWidth: '3rem' }}>
        {props.value}
      </output>
    </div>
  );
}

export default function SimulatedBoardPanel() {
  const { t } = useTranslation('device');
  const host = getSimHost();
  const sim = useSnapshot(host.store);
  const state = sim.state as SimState | null;
  // Slider positions live here: the board's state arrives ~20 times a second and would make
  // a dragged slider jump back.
  const [sensors, setSensors] = useState<number[]>(() => new Array(8).fill(0));
  const [builtin, setBuiltin] = useState({
    light: 0,
    proximity: 0,
    loudness: 0,
    temperature: 250,
    humidity: 50,
    accelX: 0,
    accelY: 0,
    accelZ: 1000,
  });

  // Settings too: a checkbox must not flip back until the worker's next state arrives.
  const [settings, setSettings] = useState<Partial<SimConfig>>({});
  const configure = (change: Partial<SimConfig>) => {
    setSettings((s) => ({ ...s, ...change }));
    host.configure(change);
  };

  const beeping = useBeepFlash(state?.beeps ?? 0);

  if (!state) {
    return <p className="small text-body-secondary mb-0">{t('sim.starting')}</p>;
  }
  const cfg = { ...state.config, ...settings };
  const esp = isEspFamily(cfg.boardType);

  const setSensor = (i: number, v: number) => {
    setSensors((s) => s.map((x, j) => (j === i ? v : x)));
    host.setSensor(i + 1, v);
  };
  const setBuiltinValue = (key: keyof typeof builtin, v: number) => {
    setBuiltin((b) => ({ ...b, [key]: v }));
    host.setBuiltin({ [key]: v });
  };
  const rtc = state.rtc;

  return (
    <div className="d-flex flex-column gap-3" data-testid="sim-panel">
      <div className="d-flex align-items-center gap-2">
        <Badge bg={sim.plugged ? 'success' : 'secondary'}>
          {sim.plugged ? t('sim.plugged') : t('sim.unplugged')}
        </Badge>
        <Button size="sm" variant="outline-secondary" onClick={() => host.setPlugged(!sim.plugged)}>
          {sim.plugged ? t('sim.unplug') : t('sim.plug')}
        </Button>
        <Button size="sm" variant="outline-success" onClick={() => host.pressRun()}>
          <i className="bi bi-play-fill" aria-hidden /> {t('sim.runButton')}
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={() => host.reset()}>
          <i className="bi bi-arrow-counterclockwise" aria-hidden /> {t('sim.reset')}
        </Button>
        <span className="small text-body-secondary ms-auto">
          {t('sim.clock', { seconds: (state.clockMs / 1000).toFixed(1) })}
        </span>
      </div>

      <section aria-labelledby="sim-sensors">
        <h3 id="sim-sensors" className="h6">
          {t('sim.sensors')}
        </h3>
        {Array.from({ length: sensorCount(cfg.boardType) }, (_, i) => (
          <Slider
            key={i}
            id={`sim-sensor-${i + 1}`}
            label={t('sim.sensor', { n: i + 1 })}
            min={0}
            max={1023}
            value={sensors[i] ?? 0}
            onChange={(v) => setSensor(i, v)}
          />
        ))}
        <div className="d-flex align-items-center gap-2 small mt-1">
          <label htmlFor="sim-ir" style={{ minWidth: '6.5rem' }}>
            {t('sim.ir')}
          </label>
          <Form.Control
            id="sim-ir"
            size="sm"
            type="number"
            min={0}
            max={255}
            defaultValue={0}
            onChange={(e) => host.setIr(Number(e.target.value))}
          />
        </div>
      </section>

      {esp && (
        <section aria-labelledby="sim-builtin">
          <h3 id="sim-builtin" className="h6">
            {t('sim.builtin')}
          </h3>
          <div className="d-flex gap-2 small mb-1">
            <Form.Select
              size="sm"
              aria-label={t('builtin.gesture')}
              onChange={(e) => host.setBuiltin({ gesture: Number(e.target.value) })}
            >
              {GESTURE_LABELS.map((g, i) => (
                <option key={g} value={i}>
                  {t('builtin.gesture')}: {t(`gesture.${g}`)}
                </option>
              ))}
            </Form.Select>
            <Form.Select
              size="sm"
              aria-label={t('builtin.orientation')}
              onChange={(e) => host.setBuiltin({ orientation: Number(e.target.value) })}
            >
              {ORIENTATION_LABELS.map((o, i) => (
                <option key={o} value={i}>
                  {t('builtin.orientation')}: {t(`orientation.${o}`)}
                </option>
              ))}
            </Form.Select>
            <Form.Control
              type="color"
              size="sm"
              aria-label={t('builtin.color')}
              defaultValue="#000000"
              onChange={(e) => {
                const v = e.target.value;
                host.setBuiltin({
                  red: parseInt(v.slice(1, 3), 16),
                  green: parseInt(v.slice(3, 5), 16),
                  blue: parseInt(v.slice(5, 7), 16),
                });
              }}
            />
          </div>
          <Slider
            id="sim-light"
            label={t('builtin.light')}
            min={0}
            max={2000}
            value={builtin.light}
            onChange={(v) => setBuiltinValue('light', v)}
          />
          <Slider
            id="sim-proximity"
            label={t('builtin.proximity')}
            min={0}
            max={255}
            value={builtin.proximity}
            onChange={(v) => setBuiltinValue('proximity', v)}
          />
          <Slider
            id="sim-loudness"
            label={t('builtin.loudness')}
            min={0}
            max={1023}
            value={builtin.loudness}
            onChange={(v) => setBuiltinValue('loudness', v)}
          />
          <Slider
            id="sim-temperature"
            label={t('sim.temperatureTenths')}
            min={-200}
            max={600}
            value={builtin.temperature}
            onChange={(v) => setBuiltinValue('temperature', v)}
          />
          <Slider
            id="sim-humidity"
            label={t('builtin.humidity')}
            min={0}
            max={100}
            value={builtin.humidity}
            onChange={(v) => setBuiltinValue('humidity', v)}
          />
          <Slider
            id="sim-accel-x"
            label={t('sim.accel', { axis: 'X' })}
            min={-8000}
            max={8000}
            value={builtin.accelX}
            onChange={(v) => setBuiltinValue('accelX', v)}
          />
          <Slider
            id="sim-accel-y"
            label={t('sim.accel', { axis: 'Y' })}
            min={-8000}
            max={8000}
            value={builtin.accelY}
            onChange={(v) => setBuiltinValue('accelY', v)}
          />
          <Slider
            id="sim-accel-z"
            label={t('sim.accel', { axis: 'Z' })}
            min={-8000}
            max={8000}
            value={builtin.accelZ}
            onChange={(v) => setBuiltinValue('accelZ', v)}
          />
        </section>
      )}

      <section aria-labelledby="sim-outputs" data-testid="sim-outputs">
        <h3 id="sim-outputs" className="h6">
          {t('sim.outputs')}
        </h3>
        <table className="table table-sm small mb-1">
          <thead>
            <tr>
              <th scope="col">{t('sim.port')}</th>
              <th scope="col">{t('sim.motor')}</th>
              <th scope="col">{t('sim.servo')}</th>
            </tr>
          </thead>
          <tbody>
            {PORTS.map((p, i) => {
              const m = state.motors[i];
              const s = state.servos[i];
              return (
                <tr key={p} data-testid={`sim-port-${p}`}>
                  <th scope="row">{p.toUpperCase()}</th>
                  <td>
                    {m && (
                      <>
                        <MotorIcon
                          on={m.on}
                          cw={m.cw}
                          power={m.power}
                          label={m.on ? t('sim.turning') : t('sim.still')}
                        />{' '}
                        {t('sim.motorState', {
                          active: m.active ? '●' : '○',
                          on: m.on ? t('sim.on') : t('sim.off'),
                          direction: m.cw ? t('sim.thisWay') : t('sim.thatWay'),
                          power: m.power,
                        })}
                      </>
                    )}
                  </td>
                  <td>
                    {s &&
                      t('sim.servoState', {
                        active: s.active ? '●' : '○',
                        angle: s.angle,
                        power: s.power,
                      })}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <dl className="row small mb-0">
          <dt className="col-4">{t('sim.display')}</dt>
          <dd className="col-8 mb-1 font-monospace text-break sim-lcd" data-testid="sim-display">
            {state.display.short && <span className="me-2">[{state.display.short}]</span>}
            {state.display.long}
          </dd>
          <dt className="col-4">{t('sim.leds')}</dt>
          <dd className="col-8 mb-1 d-flex gap-3" data-testid="sim-leds">
            {[0, 1].map((id) => {
              const on = state.leds.some((l) => l.id === id && l.on);
              const name = id === 0 ? t('sim.userLed') : t('sim.led', { id });
              return (
                <span key={id} className="d-inline-flex align-items-center gap-1">
                  <span
                    className={`sim-led ${id === 0 ? 'user' : ''} ${on ? 'on' : ''}`}
                    role="img"
                    aria-label={`${name}: ${on ? t('sim.on') : t('sim.off')}`}
                    data-testid={`sim-led-${id}`}
                    data-on={on}
                  />
                  {name}
                </span>
              );
            })}
          </dd>
          <dt className="col-4">{t('sim.rtc')}</dt>
          <dd className="col-8 mb-1 font-monospace" data-testid="sim-rtc">
            {`${2000 + rtc.year}-${pad(rtc.month)}-${pad(rtc.date)} ${pad(rtc.hour)}:${pad(rtc.minute)}:${pad(rtc.second)}`}
          </dd>
          <dt className="col-4">{t('sim.voice')}</dt>
          <dd className="col-8 mb-1">
            {t('sim.voiceState', {
              track: state.voice.track,
              tracks: state.voice.tracks,
              state: state.voice.playing ? t('sim.playing') : t('sim.paused'),
            })}
          </dd>
          <dt className="col-4">{t('sim.program')}</dt>
          <dd className="col-8 mb-1" data-testid="sim-program">
            {t('sim.programState', {
              bytes: state.program.length,
              state: state.program.running ? t('sim.running') : t('sim.stopped'),
            })}
            {state.autorun && ` · ${t('sim.autorun')}`}
            {state.program.fault && (
              <span className="d-block text-danger" data-testid="sim-fault">
                {t('sim.fault', { fault: state.program.fault })}
              </span>
            )}
          </dd>
          <dt className="col-4">{t('sim.beeps')}</dt>
          <dd className="col-8 mb-1">
            <span data-testid="sim-beeps">{state.beeps}</span>{' '}
            <i
              className={`bi bi-music-note-beamed sim-beep ${beeping ? 'sounding' : ''}`}
              aria-hidden
            />
          </dd>
          {state.tasmota.length > 0 && (
            <>
              <dt className="col-4">{t('sim.tasmota')}</dt>
              <dd className="col-8 mb-1" data-testid="sim-tasmota">
                {state.tasmota
                  .map((d) => `${d.host}: ${d.on ? t('sim.on') : t('sim.off')}`)
                  .join(', ')}
              </dd>
            </>
          )}
          <dt className="col-4">{t('sim.commands')}</dt>
          <dd className="col-8 mb-0">
            {t('sim.commandsState', { count: state.commands, unknown: state.unknownCommands })}
          </dd>
        </dl>
      </section>

      <SimDatalogPanel info={state.datalog} />

      <section aria-labelledby="sim-settings">
        <h3 id="sim-settings" className="h6">
          {t('sim.settings')}
        </h3>
        <div className="d-grid gap-1 small" style={{ gridTemplateColumns: '1fr 1fr' }}>
          <Form.Select
            size="sm"
            aria-label={t('sim.boardType')}
            value={cfg.boardType}
            onChange={(e) => configure({ boardType: Number(e.target.value) })}
          >
            {DISPLAY_BOARDS.map((type) => (
              <option key={type} value={type}>
                {t(`boards.${type}`)}
              </option>
            ))}
          </Form.Select>
          <Form.Control
            size="sm"
            type="number"
            min={0}
            max={255}
            aria-label={t('sim.boardVersion')}
            title={t('sim.boardVersion')}
            defaultValue={cfg.boardVersion}
            onChange={(e) => configure({ boardVersion: Number(e.target.value) || 0 })}
          />
          <Form.Control
            size="sm"
            type="number"
            min={0}
            max={255}
            aria-label={t('sim.firmware')}
            title={t('sim.firmware')}
            defaultValue={cfg.firmwareVersion}
            onChange={(e) => configure({ firmwareVersion: Number(e.target.value) || 0 })}
          />
          <Form.Check
            id="sim-rtc-present"
            label={t('sim.rtcPresent')}
            checked={cfg.rtcPresent}
            onChange={(e) => configure({ rtcPresent: e.target.checked })}
          />
          <Form.Check
            id="sim-pi"
            label={t('sim.pi')}
            checked={cfg.pi}
            onChange={(e) => configure({ pi: e.target.checked })}
          />
        </div>
      </section>

      <SimFirmwarePanel boardType={cfg.boardType} />

      {state.pi && <SimPiPanel pi={state.pi} />}
    </div>
  );
}
