// The Teachable Machine controls, on the lab page and as a /gogoboard panel: where the model
// comes from (trained here, or a Teachable Machine link), the camera (with a picker) or a
// picture/video file, the frame rate, live class probabilities, the lowest confidence, hold
// time and channel, and what was last sent to the board. The model trained here, the URL,
// threshold, hold, channel and type are the program's `config_tm_*` settings.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, ProgressBar, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { BoardGate } from '../../../device/ui/use-board-gate.ts';
import { isEspFamily } from '../../../device/board-state.ts';
import * as cmd from '../../../device/protocol/commands.ts';
import { useCommandSender } from '../../../device/ui/use-device.ts';
import { markChanged, program } from '../../../program/index.ts';
import { nextTask } from '../../../ui/next-task.ts';
import { tmSession } from '../runtime.ts';
import { channelProblem, TM_DEFAULT_CHANNEL, tmMessage, type TmMessage } from '../tm-message.ts';
import { parseHold, parseThreshold, TM_MAX_HOLD_S } from '../tm-trigger.ts';
import type { TmSession } from '../tm-session.ts';
import TmKeptModel from './TmKeptModel.tsx';
import TmTrainer from './TmTrainer.tsx';

interface Props {
  /** Prefix of element ids (the page and the board panel may both be mounted). */
  id: string;
  gate: BoardGate;
}

function setTm(patch: Partial<typeof program.tmConfig>): void {
  Object.assign(program.tmConfig, patch);
  markChanged();
}

/** The frame rate: its own component, as it changes with every frame. */
function TmFps({ id, session }: { id: string; session: TmSession }) {
  const { t } = useTranslation('teachable');
  const { fps } = useSnapshot(session.state);
  return (
    <p className="small mb-0" data-testid={`${id}-fps`}>
      {t('fps', { fps: fps.toFixed(1) })}
    </p>
  );
}

/**
 * Each class's confidence: its own component, as it changes with every frame (the rest of the
 * controls then draw only when they change).
 */
function TmConfidences({
  id,
  session,
  percent,
}: {
  id: string;
  session: TmSession;
  percent: number;
}) {
  const { t } = useTranslation('teachable');
  const { probabilities, meta } = useSnapshot(session.state);
  const labels = meta?.labels ?? [];
  if (labels.length === 0) return null;
  return (
    <ul className="list-unstyled flex-grow-1 mb-0" aria-label={t('classes')}>
      {labels.map((label, i) => {
        const p = Math.round((probabilities[i] ?? 0) * 100);
        return (
          <li key={label} className="mb-1" data-testid={`${id}-class`}>
            <div className="d-flex justify-content-between small">
              <span>{label}</span>
              <span>{p} %</span>
            </div>
            <ProgressBar
              className="tm-bar"
              now={p}
              variant={p >= percent ? 'success' : 'info'}
              aria-label={label}
              style={{ height: '0.6rem' }}
            />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Where the model stands: loading, loaded (from where, run where) or what went wrong. Its own
 * component, like the results and the kept model below: the end of training changes each of
 * them in a task of its own, and none of them draws the rest of the controls.
 */
function TmModelStatus({ id, session }: { id: string; session: TmSession }) {
  const { t } = useTranslation('teachable');
  const s = useSnapshot(session.state);
  return (
    <>
      {s.phase === 'loading' && (
        <p className="small mb-0" role="status">
          <Spinner size="sm" className="me-2" aria-hidden="true" />
          {t('loading')}
        </p>
      )}
      {s.phase === 'ready' && s.meta && (
        <p className="small mb-0" role="status" data-testid={`${id}-model`}>
          {t(s.model === 'trained' ? 'loadedTrained' : 'loaded', {
            classes: s.meta.labels.length,
            size: s.meta.imageSize,
            where: t(s.mode === 'worker' ? 'inWorker' : 'onPage'),
            backend: s.backend,
          })}
        </p>
      )}
      {s.error && (
        <Alert
          variant="danger"
          className="small py-2 mb-0"
          role="alert"
          data-testid={`${id}-error`}
        >
          {t(`errors.${s.error.code}`)}
        </Alert>
      )}
    </>
  );
}

/** Load, disabled while a model loads. */
function TmLoadButton({ session, disabled }: { session: TmSession; disabled: boolean }) {
  const { t } = useTranslation('teachable');
  const { phase } = useSnapshot(session.state);
  return (
    <Button size="sm" type="submit" disabled={disabled || phase === 'loading'}>
      {t('load')}
    </Button>
  );
}

/** The held-out test of the model in use ("Red: 19 of 20 right"). */
function TmResults({ id, session }: { id: string; session: TmSession }) {
  const { t } = useTranslation('teachable');
  const { scores } = useSnapshot(session.state);
  if (scores.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-test-title`}>
      <h2 id={`${id}-test-title`} className="h6 mb-1">
        {t('test.title')}
      </h2>
      <p className="small text-body-secondary mb-1">{t('test.how')}</p>
      <ul className="list-unstyled small mb-0" data-testid={`${id}-test`}>
        {scores.map((score) => (
          <li key={score.label}>
            {score.total === 0
              ? t('test.none', { label: score.label })
              : t('test.score', {
                  label: score.label,
                  right: score.right,
                  total: score.total,
                })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The model kept in the program: it runs as soon as the lab is open (another program's goes),
 * and, when the lab trains, its size and download show.
 */
function TmKept({ id, session, shown }: { id: string; session: TmSession; shown: boolean }) {
  const { type, model } = useSnapshot(program).tmConfig;
  const kept = type === 'trained' ? model : '';
  useEffect(() => {
    if (kept !== '') void session.loadKept(kept);
    else session.unloadKept();
  }, [session, kept]);
  return shown && model !== '' ? <TmKeptModel id={id} text={model} /> : null;
}

export default function TmControls({ id, gate }: Props) {
  const { t } = useTranslation('teachable');
  const tm = useSnapshot(program).tmConfig;
  const session = tmSession();
  const s = useSnapshot(session.state);
  // Where the model comes from: trained here (the default), or a Teachable Machine link.
  const [source, setSource] = useState<'train' | 'link'>(() =>
    program.tmConfig.type === 'image' && program.tmConfig.url !== '' ? 'link' : 'train',
  );
  const [url, setUrl] = useState(tm.url);
  // A program opened meanwhile brings its own model URL.
  const [programUrl, setProgramUrl] = useState(tm.url);
  if (programUrl !== tm.url) {
    setProgramUrl(tm.url);
    setUrl(tm.url);
    if (tm.url !== '' && tm.type !== 'trained') setSource('link');
  }
  const [cameraId, setCameraId] = useState('');
  const video = useRef<HTMLVideoElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const { send, error: sendError } = useCommandSender();
  const [sent, setSent] = useState<(TmMessage & { at: Date }) | null>(null);

  const threshold = parseThreshold(tm.threshold);
  const holdMs = parseHold(tm.hold);
  const channel = tm.channel === '' ? TM_DEFAULT_CHANNEL : tm.channel;
  const channelIssue = channelProblem(channel);
  const canSend = gate.reason === null && isEspFamily(gate.boardType);

  useEffect(() => () => session.leave(), [session]);
  useEffect(() => session.setTrigger(threshold, holdMs), [session, threshold, holdMs]);
  useEffect(() => {
    session.setOnTrigger((label) => {
      const message = tmMessage(channel, label);
      if (!message || !canSend) return;
      void send(cmd.broadcast(message.key, message.value)).then((ok) => {
        if (ok) setSent({ ...message, at: new Date() });
      });
    });
    return () => session.setOnTrigger(null);
  }, [session, channel, canSend, send]);

  const load = () => {
    setTm({ url: url.trim(), type: 'image' });
    void session.load(url);
  };
  const train = useCallback(async () => {
    const trained = await session.train(program.toSaveProject.name.trim());
    if (!trained) return;
    // The results show first; the project takes the model (its size shown, its draft
    // written) in a task of its own, so neither makes the page wait for the other.
    await nextTask();
    setTm({ type: 'trained', model: trained.text });
  }, [session]);
  const percent = Math.round(threshold * 100);

  return (
    <div className="d-flex flex-column gap-3" data-testid={`${id}-controls`}>
      <fieldset>
        <legend className="small mb-1">{t('source.legend')}</legend>
        <Form.Check
          inline
          type="radio"
          id={`${id}-source-train`}
          name={`${id}-source`}
          label={t('source.train')}
          checked={source === 'train'}
          onChange={() => setSource('train')}
        />
        <Form.Check
          inline
          type="radio"
          id={`${id}-source-link`}
          name={`${id}-source`}
          label={t('source.link')}
          checked={source === 'link'}
          onChange={() => setSource('link')}
        />
      </fieldset>
      {source === 'link' && <p className="small text-body-secondary mb-0">{t('support')}</p>}
      {source === 'link' && (
        <Form
          className="d-flex gap-2 align-items-end flex-wrap"
          onSubmit={(e) => {
            e.preventDefault();
            load();
          }}
        >
          <Form.Group controlId={`${id}-url`} className="flex-grow-1">
            <Form.Label className="small mb-1">{t('url')}</Form.Label>
            <Form.Control
              size="sm"
              inputMode="url"
              spellCheck={false}
              value={url}
              placeholder="https://teachablemachine.withgoogle.com/models/…/"
              onChange={(e) => setUrl(e.target.value)}
            />
          </Form.Group>
          <TmLoadButton session={session} disabled={url.trim() === ''} />
        </Form>
      )}
      <div className="tm-slot">
        <TmModelStatus id={id} session={session} />
      </div>

      <fieldset className="d-flex gap-2 align-items-end flex-wrap">
        <legend className="small mb-1">{t('input')}</legend>
        {s.cameras.length > 1 && (
          <Form.Group controlId={`${id}-camera`}>
            <Form.Label className="small mb-1">{t('camera')}</Form.Label>
            <Form.Select
              size="sm"
              value={cameraId}
              onChange={(e) => {
                setCameraId(e.target.value);
                if (video.current) void session.startCamera(video.current, e.target.value);
              }}
            >
              {s.cameras.map((c) => (
                <option key={c.deviceId} value={c.deviceId}>
                  {c.label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => video.current && void session.startCamera(video.current, cameraId)}
        >
          <i className="bi bi-camera-video me-1" aria-hidden="true" />
          {t('startCamera')}
        </Button>
        <Form.Group controlId={`${id}-file`}>
          <Form.Label className="small mb-1">{t('file')}</Form.Label>
          <Form.Control
            size="sm"
            type="file"
            accept="image/*,video/*"
            onChange={(e) => {
              const file = (e.target as HTMLInputElement).files?.[0];
              if (file && image.current && video.current) {
                session.useFile(file, image.current, video.current);
              }
            }}
          />
        </Form.Group>
        {s.source && (
          <Button size="sm" variant="outline-secondary" onClick={() => session.stopInput()}>
            {t('stop')}
          </Button>
        )}
      </fieldset>

      <div className="d-flex gap-3 flex-wrap align-items-start">
        <div className="tm-preview">
          <video
            ref={video}
            muted
            playsInline
            hidden={s.source !== 'camera' && s.source !== 'video'}
            aria-label={t('preview')}
            width={224}
          />
          <img ref={image} alt={t('preview')} hidden={s.source !== 'image'} width={224} />
          {s.source && <TmFps id={id} session={session} />}
        </div>
        <TmConfidences id={id} session={session} percent={percent} />
      </div>

      {source === 'train' && (
        <TmTrainer id={id} session={session} hasInput={s.source !== null} onTrain={train} />
      )}
      <div className="tm-slot">{source === 'train' && <TmResults id={id} session={session} />}</div>
      <div className="tm-slot">
        <TmKept id={id} session={session} shown={source === 'train'} />
      </div>

      <div className="d-flex gap-3 flex-wrap align-items-end">
        <Form.Group controlId={`${id}-threshold`}>
          <Form.Label className="small mb-1">{t('threshold', { percent })}</Form.Label>
          <Form.Range
            min={50}
            max={99}
            value={percent}
            onChange={(e) => setTm({ threshold: String(Number(e.target.value) / 100) })}
          />
        </Form.Group>
        <Form.Group controlId={`${id}-hold`}>
          <Form.Label className="small mb-1">
            {t('hold', { seconds: (holdMs / 1000).toFixed(1) })}
          </Form.Label>
          <Form.Range
            min={0}
            max={TM_MAX_HOLD_S * 10}
            value={Math.round(holdMs / 100)}
            onChange={(e) => setTm({ hold: String(Number(e.target.value) / 10) })}
          />
        </Form.Group>
        <Form.Group controlId={`${id}-channel`}>
          <Form.Label className="small mb-1">{t('channel')}</Form.Label>
          <Form.Control
            size="sm"
            value={channel}
            isInvalid={channelIssue !== null}
            onChange={(e) => setTm({ channel: e.target.value })}
          />
          {channelIssue && (
            <Form.Control.Feedback type="invalid">
              {t(`channelProblem.${channelIssue}`)}
            </Form.Control.Feedback>
          )}
        </Form.Group>
      </div>
      <p className="small mb-0" data-testid={`${id}-board`}>
        {gate.reason !== null
          ? t('notSending', { reason: gate.reason || t('connectBoard') })
          : !isEspFamily(gate.boardType)
            ? t('needsWifiBoard')
            : t('howSent', { channel: channel.trim().toLowerCase() })}
      </p>
      {sent && (
        <p className="small mb-0" role="status" data-testid={`${id}-sent`}>
          {t('sent', { key: sent.key, value: sent.value, time: sent.at.toLocaleTimeString() })}
        </p>
      )}
      {sendError && (
        <Alert variant="warning" className="small py-1 px-2 mb-0" role="alert">
          {sendError}
        </Alert>
      )}
    </div>
  );
}
