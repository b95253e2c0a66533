// The remote part of the connect dialog (spec core §4 connect methods Remote Lab 12 and
// Remote Access 13; classroom-and-labs §4 "Connect behaviour in class"): connect to a lab
// board by access code (or GoGo ID in a lesson), or to any board by GoGo ID and pin; wait in
// the queue; see the session while it holds the board.
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Form, ProgressBar, Spinner } from 'react-bootstrap';
import { BusyButton, LabField } from './LabFields.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../api/errors.ts';
import { BOARD_ID_PATTERN, PIN_PATTERN } from '../../contract/remote-lab.ts';
import { remoteLab, remoteLabLesson } from '../remote-lab-store.ts';
import { getRemoteSession } from '../runtime.ts';

type Form = 'lab' | 'access';

const BOARD_ID = new RegExp(BOARD_ID_PATTERN);
const PIN = new RegExp(PIN_PATTERN);

function errorText(e: unknown, fallback: string): string {
  return e instanceof ApiError ? e.message : fallback;
}

/** Minutes and seconds until `iso`, refreshed every second. */
function useTimeLeft(iso: string | null): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  if (!iso) return null;
  const left = Math.max(0, Math.round((Date.parse(iso) - now) / 1000));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}

export function RemoteSessionPanel() {
  const { t } = useTranslation('remotelab');
  const s = useSnapshot(remoteLab);
  const timeLeft = useTimeLeft(s.phase === 'active' ? s.endsAt : null);
  if (s.phase === 'idle') return null;
  if (s.phase === 'connecting') {
    return (
      <p role="status" className="mb-3" data-testid="remote-connecting">
        <Spinner size="sm" className="me-2" aria-hidden />
        {t('session.connecting')}
      </p>
    );
  }
  if (s.phase === 'waiting') {
    return (
      <Alert variant="info" data-testid="remote-queue">
        <p className="mb-2" role="status">
          {s.boardOnline
            ? t('session.waiting', { board: s.boardId, position: s.position })
            : t('session.waitingOffline', { board: s.boardId, position: s.position })}
        </p>
        <ProgressBar animated now={100} label={t('session.waitingShort')} visuallyHidden />
        <p className="small mb-0 mt-2">{t('session.waitingHelp')}</p>
      </Alert>
    );
  }
  if (s.phase === 'ended') return null;
  return (
    <section className="mb-3" data-testid="remote-session" aria-labelledby="remote-session-title">
      <h2 id="remote-session-title" className="h6 mb-1">
        {t(s.connectMethod === 13 ? 'session.titleAccess' : 'session.titleLab', {
          board: s.boardId,
        })}
      </h2>
      <dl className="row small mb-0">
        <dt className="col-5">{t('session.id')}</dt>
        <dd className="col-7 mb-0">{s.sessionId}</dd>
        {timeLeft && (
          <>
            <dt className="col-5">{t('session.timeLeft')}</dt>
            <dd className="col-7 mb-0" data-testid="remote-time-left">
              {timeLeft}
            </dd>
          </>
        )}
        <dt className="col-5">{t('session.answer')}</dt>
        <dd className="col-7 mb-0" data-testid="remote-answer">
          {s.recordedAnswer > 0 ? s.recordedAnswer : t('session.noAnswer')}
        </dd>
      </dl>
      {!s.boardOnline && (
        <Alert variant="warning" className="mt-2 mb-0">
          {t('session.stationOffline')}
        </Alert>
      )}
    </section>
  );
}

export default function RemoteConnect({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('remotelab');
  const s = useSnapshot(remoteLab);
  const lesson = useSnapshot(remoteLabLesson);
  const [form, setForm] = useState<Form | null>(null);
  const [byId, setById] = useState(false);
  const [code, setCode] = useState('');
  const [boardId, setBoardId] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const holding = s.phase === 'waiting' || s.phase === 'active' || s.phase === 'connecting';

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    // What the server would refuse as malformed gets the spec's message at once.
    const idOk = BOARD_ID.test(boardId.trim());
    if (
      (form === 'access' && (!idOk || !PIN.test(pin.trim()))) ||
      (form === 'lab' && byId && !idOk)
    ) {
      setError(t('global:mapping.wrong_board_or_pin'));
      setBusy(false);
      return;
    }
    const session = getRemoteSession();
    const lessonUuid = lesson.uuid ? { lesson_uuid: lesson.uuid } : {};
    try {
      if (form === 'access') {
        await session.connectById({ board_id: boardId.trim(), pin: pin.trim() });
      } else if (byId && lesson.uuid) {
        await session.connectById({ board_id: boardId.trim(), ...lessonUuid });
      } else {
        await session.connectByCode({ access_code: code.trim(), ...lessonUuid });
      }
      setForm(null);
      setPin('');
    } catch (err) {
      setError(errorText(err, t('errors.failed')));
    } finally {
      setBusy(false);
    }
  }

  const choice = (kind: Form, icon: string) => (
    <Button
      variant={form === kind ? 'primary' : 'outline-primary'}
      className="text-start d-flex align-items-start gap-3"
      disabled={disabled || busy || holding}
      onClick={() => {
        setError(null);
        setForm(form === kind ? null : kind);
      }}
      aria-expanded={form === kind}
      aria-controls={`remote-form-${kind}`}
      data-testid={`connect-remote-${kind}`}
    >
      <i className={`bi ${icon} fs-4`} aria-hidden />
      <span>
        <span className="d-block fw-semibold">{t(`choice.${kind}.title`)}</span>
        <span className="d-block small">{t(`choice.${kind}.description`)}</span>
      </span>
    </Button>
  );

  return (
    <section aria-labelledby="remote-choices-title" className="mb-3">
      <h2 id="remote-choices-title" className="h6 text-body-secondary mb-2">
        {t('choice.heading')}{' '}
        <Link to="/remote-lab" className="small fw-normal" data-testid="remote-lab-about">
          {t('choice.about')}
        </Link>
      </h2>
      <div className="d-grid gap-2">
        {choice('lab', 'bi-broadcast')}
        {form === 'lab' && (
          <Form
            id="remote-form-lab"
            onSubmit={(e) => void submit(e)}
            className="border rounded p-2"
          >
            {lesson.uuid && (
              <p className="small mb-2">{t('form.forLesson', { lesson: lesson.name })}</p>
            )}
            {lesson.uuid && (
              <Form.Check
                type="switch"
                id="remote-by-id"
                className="mb-2"
                label={t('form.byBoardId')}
                checked={byId}
                onChange={(e) => setById(e.target.checked)}
              />
            )}
            {byId && lesson.uuid ? (
              <LabField
                id="remote-lab-board"
                className="mb-2"
                label={t('form.boardId')}
                value={boardId}
                onChange={setBoardId}
                required
                code
              />
            ) : (
              <LabField
                id="remote-lab-code"
                className="mb-2"
                label={t('form.accessCode')}
                value={code}
                onChange={setCode}
                placeholder="ABCD-EFGH"
                maxLength={32}
                required
                code
                testId="remote-access-code"
              />
            )}
            <BusyButton busy={busy} testId="remote-lab-submit">
              {t('form.connect')}
            </BusyButton>
          </Form>
        )}
        {choice('access', 'bi-globe2')}
        {form === 'access' && (
          <Form
            id="remote-form-access"
            onSubmit={(e) => void submit(e)}
            className="border rounded p-2"
          >
            <LabField
              id="remote-access-board"
              className="mb-2"
              label={t('form.boardId')}
              value={boardId}
              onChange={setBoardId}
              required
              code
              testId="remote-board-id"
            />
            <LabField
              id="remote-access-pin"
              className="mb-2"
              label={t('form.pin')}
              value={pin}
              onChange={setPin}
              required
              code
              secret
              help={t('form.pinHelp')}
              testId="remote-pin"
            />
            <BusyButton busy={busy} testId="remote-access-submit">
              {t('form.connect')}
            </BusyButton>
          </Form>
        )}
      </div>
      {error && (
        <Alert variant="warning" className="mt-2 mb-0" data-testid="remote-error" role="alert">
          {error}
        </Alert>
      )}
    </section>
  );
}
