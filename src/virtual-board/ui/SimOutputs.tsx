// What the virtual board does with the commands it received: motors, servos, the display,
// LEDs, beeps and the program, first in the panel so they stay in view; the clock, the voice
// module and the command count fold away below.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SimState } from '../board/simulated-board.ts';
import SimSection from './SimSection.tsx';
import SimTitledSection from './SimTitledSection.tsx';

const PORTS = ['a', 'b', 'c', 'd'];
const pad = (n: number) => String(n).padStart(2, '0');
/** How long the beep mark shows after a beep. */
const BEEP_SHOW_MS = 400;

/** A motor's shaft: turns while the motor is on, faster with more power. */
function MotorIcon(props: { on: boolean; cw: boolean; power: number; label: string }) {
  const seconds = props.on ? Math.max(0.25, 2 - (1.75 * props.power) / 100) : 0;
  return (
    <span
      className={`sim-motor-icon bi bi-gear-fill ${props.on ? 'turning' : ''} ${props.cw ? '' : 'ccw'}`}
      style={{ ['--sim-turn-s' as string]: `${seconds}s` }}
      role="img"
      aria-label={props.label}
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

export function SimOutputs({ state }: { state: SimState }) {
  const { t } = useTranslation('device');
  const beeping = useBeepFlash(state.beeps);
  const selected = (list: readonly { active: boolean }[]) =>
    PORTS.filter((_, i) => list[i]?.active)
      .map((p) => p.toUpperCase())
      .join(' ') || t('sim.none');

  return (
    <SimTitledSection
      titleId="sim-outputs"
      title={t('sim.outputs')}
      testId="sim-outputs"
      className="sim-section"
    >
      <table className="table table-sm small mb-1 sim-ports">
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
              <tr
                key={p}
                data-testid={`sim-port-${p}`}
                data-motor={m?.on ? 'on' : 'off'}
                className={m?.on ? 'sim-motor-on' : ''}
              >
                <th scope="row">{p.toUpperCase()}</th>
                <td>
                  {m && (
                    <span className="d-inline-flex align-items-center gap-1 text-nowrap">
                      <MotorIcon
                        on={m.on}
                        cw={m.cw}
                        power={m.power}
                        label={m.on ? t('sim.turning') : t('sim.still')}
                      />
                      <span>{m.on ? t('sim.on') : t('sim.off')}</span>
                      <i
                        className={`bi ${m.cw ? 'bi-arrow-clockwise' : 'bi-arrow-counterclockwise'}`}
                        role="img"
                        aria-label={m.cw ? t('sim.thisWay') : t('sim.thatWay')}
                        title={m.cw ? t('sim.thisWay') : t('sim.thatWay')}
                      />
                      <span>{m.power}%</span>
                    </span>
                  )}
                </td>
                <td>{s && t('sim.servoState', { angle: s.angle, power: s.power })}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="small text-body-secondary mb-2" data-testid="sim-selected">
        {t('sim.talkingTo', { motors: selected(state.motors), servos: selected(state.servos) })}
      </p>
      <dl className="sim-facts small mb-0">
        <dt>{t('sim.display')}</dt>
        <dd className="sim-lcd font-monospace" data-testid="sim-display">
          {state.display.short && <span className="me-2">[{state.display.short}]</span>}
          {state.display.long}
        </dd>
        <dt>{t('sim.leds')}</dt>
        <dd className="d-flex flex-wrap column-gap-3" data-testid="sim-leds">
          {[0, 1].map((id) => {
            const on = state.leds.some((l) => l.id === id && l.on);
            const name = id === 0 ? t('sim.userLed') : t('sim.led', { id });
            return (
              <span key={id} className="d-inline-flex align-items-center gap-1 text-nowrap">
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
        <dt>{t('sim.beeps')}</dt>
        <dd>
          <span data-testid="sim-beeps">{state.beeps}</span>{' '}
          <i
            className={`bi bi-music-note-beamed sim-beep ${beeping ? 'sounding' : ''}`}
            aria-hidden
          />
        </dd>
        <dt>{t('sim.program')}</dt>
        <dd data-testid="sim-program">
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
        {state.tasmota.length > 0 && (
          <>
            <dt>{t('sim.tasmota')}</dt>
            <dd data-testid="sim-tasmota">
              {state.tasmota
                .map((d) => `${d.host}: ${d.on ? t('sim.on') : t('sim.off')}`)
                .join(', ')}
            </dd>
          </>
        )}
      </dl>
    </SimTitledSection>
  );
}

/** The clock, the voice module and the command count: rarely needed, folded. */
export function SimMore({ state }: { state: SimState }) {
  const { t } = useTranslation('device');
  const rtc = state.rtc;
  return (
    <SimSection id="more" title={t('sim.more')}>
      <dl className="sim-facts small mb-0">
        <dt>{t('sim.rtc')}</dt>
        <dd className="font-monospace" data-testid="sim-rtc">
          {`${2000 + rtc.year}-${pad(rtc.month)}-${pad(rtc.date)} ${pad(rtc.hour)}:${pad(rtc.minute)}:${pad(rtc.second)}`}
        </dd>
        <dt>{t('sim.voice')}</dt>
        <dd>
          {t('sim.voiceState', {
            track: state.voice.track,
            tracks: state.voice.tracks,
            state: state.voice.playing ? t('sim.playing') : t('sim.paused'),
          })}
        </dd>
        <dt>{t('sim.commands')}</dt>
        <dd>{t('sim.commandsState', { count: state.commands, unknown: state.unknownCommands })}</dd>
      </dl>
    </SimSection>
  );
}
