// /gogobright/: the GoGo Bright's own page (spec core §2 "bright-board view"). The board is
// drawn with its ports and built-in parts, each showing the connected board's live value;
// below, the panels that drive it. Only a GoGo Bright (board type 5) fills it: another board
// gets one notice that says what to connect, and the panels stay disabled.
import { Alert, Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { defaultMotorCount } from '../../device/board-state.ts';
import { BoardType } from '../../device/device.ts';
import { board } from '../../state/board.ts';
import { connection, setDisplayBoard } from '../../state/connection.ts';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import BeepLedPanel from './panels/BeepLedPanel.tsx';
import BuiltinSensorsPanel from './panels/BuiltinSensorsPanel.tsx';
import MotorsPanel from './panels/MotorsPanel.tsx';
import SensorsPanel from './panels/SensorsPanel.tsx';
import { ServoPanel } from './panels/ServoPanel.tsx';
import { quiet, useBoardGate, type BoardGate } from './use-board-gate.ts';
import Screen from '../../shell/ui/Screen.tsx';

const INPUTS = [1, 2, 3, 4];

/** Why the page cannot drive a Bright right now, or null when it can. */
type Blocker = 'not-connected' | 'not-bright' | 'not-chosen' | null;

function useBrightGate(): { gate: BoardGate; blocker: Blocker } {
  const base = useBoardGate();
  const live = useSnapshot(board);
  if (live.link.status !== 'connected' || base.boardType === 0) {
    return { gate: base, blocker: 'not-connected' };
  }
  // Another board: the panels stay disabled, the notice says what to connect.
  if (base.boardType !== BoardType.bright) {
    return { gate: { ...base, reason: '' }, blocker: 'not-bright' };
  }
  return { gate: base, blocker: base.reason === null ? null : 'not-chosen' };
}

function BoardFigure({ live }: { live: boolean }) {
  const { t } = useTranslation('board');
  const { t: td } = useTranslation('device');
  const snap = useSnapshot(board);
  const status = live ? snap.status : null;
  const dash = '–';
  const motors = (status?.motors ?? []).slice(0, defaultMotorCount(BoardType.bright));
  const b = status?.builtin ?? null;
  return (
    <figure className="bright-board mb-3" aria-labelledby="bright-figure-caption">
      <figcaption id="bright-figure-caption" className="visually-hidden">
        {t('bright.figure')}
      </figcaption>
      <div className="bright-board__matrix" aria-hidden="true" />
      <div className="bright-board__row" role="list" aria-label={t('bright.inputs')}>
        {INPUTS.map((n) => (
          <div key={n} role="listitem" className="bright-port" data-testid={`bright-input-${n}`}>
            <span className="bright-port__name">{t('bright.input', { n })}</span>
            <span className="bright-port__value font-monospace">
              {status ? (status.sensors[n - 1] ?? dash) : dash}
            </span>
          </div>
        ))}
      </div>
      <div className="bright-board__row" role="list" aria-label={t('bright.motors')}>
        {['a', 'b'].map((name, i) => {
          const m = motors[i];
          return (
            <div
              key={name}
              role="listitem"
              className={`bright-port${m?.isOn ? ' bright-port--on' : ''}`}
              data-testid={`bright-motor-${name}`}
            >
              <span className="bright-port__name">
                {t('bright.motor', { port: name.toUpperCase() })}
              </span>
              <span className="bright-port__value">
                {m
                  ? t('bright.motorState', {
                      on: m.isOn ? t('bright.on') : t('bright.off'),
                      direction: m.direction === 'cw' ? t('motors.thisWay') : t('motors.thatWay'),
                      power: m.power,
                    })
                  : dash}
              </span>
            </div>
          );
        })}
      </div>
      <div className="bright-board__row" role="list" aria-label={t('bright.builtin')}>
        <div role="listitem" className="bright-port" data-testid="bright-light">
          <span className="bright-port__name">{td('builtin.light')}</span>
          <span className="bright-port__value font-monospace">{b ? b.light : dash}</span>
        </div>
        <div role="listitem" className="bright-port" data-testid="bright-temperature">
          <span className="bright-port__name">{td('builtin.temperature')}</span>
          <span className="bright-port__value font-monospace">
            {b ? `${b.temperature.toFixed(1)} °C` : dash}
          </span>
        </div>
      </div>
    </figure>
  );
}

export default function BrightPage() {
  const { t } = useTranslation(['board', 'screens', 'device']);
  useDocumentTitle(t('screens:gogobright.title'));
  const conn = useSnapshot(connection);
  const { gate, blocker } = useBrightGate();
  const panelGate = quiet(gate);
  const boardName = t(`device:boards.${conn.board.boardType}`, {
    defaultValue: t('device:boards.other', { type: conn.board.boardType }),
  });
  return (
    <Screen
      titleId="gogobright-title"
      title={t('screens:gogobright.title')}
      intro={t('bright.intro')}
    >
      {blocker !== null && (
        <Alert variant="light" className="border" data-testid="bright-help">
          <p className="fw-semibold mb-1" data-testid="bright-reason">
            {blocker === 'not-bright'
              ? t('bright.notBright', { board: boardName })
              : (gate.reason ?? '')}
          </p>
          {blocker === 'not-chosen' ? (
            <>
              <p className="mb-2">{t('bright.chooseHint')}</p>
              <Button size="sm" onClick={() => setDisplayBoard(BoardType.bright)}>
                {t('bright.choose')}
              </Button>
            </>
          ) : (
            <p className="mb-0 small">{t('bright.virtual')}</p>
          )}
        </Alert>
      )}
      <BoardFigure live={blocker === null || blocker === 'not-chosen'} />
      <div className="panel-grid">
        <div>
          <SensorsPanel gate={panelGate} />
        </div>
        <div>
          <MotorsPanel gate={{ ...panelGate, boardType: BoardType.bright }} />
        </div>
        <div>
          <BuiltinSensorsPanel gate={panelGate} />
        </div>
        <div>
          <BeepLedPanel gate={panelGate} />
        </div>
        <div>
          <ServoPanel gate={panelGate} />
        </div>
      </div>
    </Screen>
  );
}
