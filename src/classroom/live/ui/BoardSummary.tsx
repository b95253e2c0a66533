// A student's board: its link and type, running or stopped, motors and sensors.
import { useTranslation } from 'react-i18next';
import type { LiveBoardState } from '../../../contract/live-class.ts';

const PORTS = ['A', 'B', 'C', 'D'];

export default function BoardSummary({
  board,
  full,
}: {
  board: LiveBoardState | null;
  full?: boolean;
}) {
  const { t } = useTranslation(['classroom', 'device']);
  if (!board || board.link === 'none') {
    return <p className="small text-body-secondary mb-0">{t('live.board.none')}</p>;
  }
  const type =
    board.type === null
      ? ''
      : t(`device:boards.${board.type}`, {
          defaultValue: t('device:boards.other', { type: board.type }),
        });
  return (
    <div className="small" data-testid="live-board">
      <p className="mb-1">
        {t(`live.board.link.${board.link}`)}
        {type && ` · ${type}`} ·{' '}
        <span className={board.running ? 'text-success fw-semibold' : ''}>
          {board.running ? t('live.board.running') : t('live.board.stopped')}
        </span>
      </p>
      <p className="mb-1" data-testid="live-motors">
        <span className="visually-hidden">{t('live.board.motors')}: </span>
        {board.motors.length === 0
          ? t('live.board.noMotors')
          : board.motors.map((m, i) => (
              <span
                key={i}
                className={`badge me-1 ${m.on ? 'text-bg-success' : 'text-bg-secondary'}`}
              >
                {m.on
                  ? t('live.board.motorOn', {
                      port: PORTS[i] ?? i + 1,
                      dir: t(`live.board.dir.${m.dir}`),
                      power: m.power,
                    })
                  : t('live.board.motorOff', { port: PORTS[i] ?? i + 1 })}
              </span>
            ))}
      </p>
      <dl className={`live-sensors mb-0 ${full ? 'fs-6' : ''}`}>
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i}>
            <dt className="fw-normal text-body-secondary">
              {t('live.board.sensor', { n: i + 1 })}
            </dt>
            <dd className="mb-0">{board.sensors[i] ?? '–'}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
