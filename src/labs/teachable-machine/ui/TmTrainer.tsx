// Training in the lab: the classes (2 to 6, each named), their samples recorded from the
// input while Record is held (pointer, or Space / Enter held), a count and a thumbnail per
// sample (each one a button that deletes it), Train with its progress, and the held-out test
// ("Red: 19 of 20 right"). The model that training makes is kept in the project.
import { memo, useEffect, useRef, type KeyboardEvent } from 'react';
import { Alert, ProgressBar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import IconButton from '../../../ui/icon-button/IconButton.tsx';
import TextField from '../../../ui/text-field/TextField.tsx';
import type { TmSession } from '../tm-session.ts';
import { TM_MAX_CLASSES, TM_MAX_SAMPLES, TM_MIN_CLASSES, TM_MIN_SAMPLES } from '../tm-limits.ts';
import Tooltip from '../../../ui/tooltip/Tooltip.tsx';

const LABEL_MAX = 40;
/** Training's own problems (teachable:train.problems); the others are model errors. */
const TRAIN_PROBLEMS = {
  'too-few-classes': true,
  'too-few-samples': true,
  'unnamed-class': true,
  'same-names': true,
  'train-failed': true,
};

interface Props {
  id: string;
  session: TmSession;
  /** Whether an input (camera or file) runs: recording needs one. */
  hasInput: boolean;
  /** Trains; resolves when done (failures show in the session's trainError). */
  onTrain(): Promise<void>;
}

function Thumb({ bitmap }: { bitmap: ImageBitmap }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    // A closed bitmap (its sample deleted) has no size left to draw.
    if (context && bitmap.width > 0) context.drawImage(bitmap, 0, 0, 40, 40);
  }, [bitmap]);
  return <canvas ref={canvas} width={40} height={40} aria-hidden="true" />;
}

/**
 * A class's samples, each a thumbnail button that deletes it. Memoised (with the snapshot's
 * samples, which keep their identity until they change): a class holds up to 200 of them,
 * and training's progress and each frame's prediction would otherwise draw them all again.
 */
const SampleList = memo(function SampleList({
  session,
  classKey,
  label,
  samples,
  disabled,
}: {
  session: TmSession;
  classKey: string;
  label: string;
  samples: readonly { id: number; thumb: ImageBitmap }[];
  disabled: boolean;
}) {
  const { t } = useTranslation('teachable');
  if (samples.length === 0) return null;
  return (
    <ul
      className="list-unstyled d-flex flex-wrap gap-1 mb-0 tm-samples"
      aria-label={t('train.samplesOf', { label })}
    >
      {samples.map((sample, n) => {
        const name = t('train.deleteSample', { n: n + 1, label });
        return (
          <li key={sample.id}>
            <Tooltip text={name}>
              <button
                type="button"
                className="btn p-0 border-0 tm-sample"
                aria-label={name}
                disabled={disabled}
                onClick={() => session.deleteSample(classKey, sample.id)}
              >
                <Thumb bitmap={sample.thumb} />
              </button>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
});

/** Held down records; released stops. Space and Enter count as holding it by keyboard. */
function RecordButton({
  label,
  recording,
  disabled,
  onStart,
  onStop,
}: {
  label: string;
  recording: boolean;
  disabled: boolean;
  onStart(): void;
  onStop(): void;
}) {
  const holdKey = (e: KeyboardEvent) => e.key === ' ' || e.key === 'Enter';
  return (
    <button
      type="button"
      className={`btn btn-sm ${recording ? 'btn-danger' : 'btn-outline-danger'}`}
      aria-pressed={recording}
      disabled={disabled}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        onStart();
      }}
      onPointerUp={onStop}
      onPointerCancel={onStop}
      onLostPointerCapture={onStop}
      onKeyDown={(e) => {
        if (!holdKey(e)) return;
        e.preventDefault();
        if (!e.repeat) onStart();
      }}
      onKeyUp={(e) => {
        if (!holdKey(e)) return;
        e.preventDefault();
        onStop();
      }}
      onBlur={onStop}
      onContextMenu={(e) => e.preventDefault()}
    >
      <i className="bi bi-record-circle me-1" aria-hidden="true" />
      {label}
    </button>
  );
}

/**
 * One class: its name, Record, Clear, Remove, the count and the samples. Memoised (with the
 * snapshot's class, which keeps its identity until it changes): each epoch's progress would
 * otherwise draw every class again.
 */
const ClassCard = memo(function ClassCard({
  id,
  session,
  cls,
  n,
  recording,
  training,
  canRemove,
  hasInput,
}: {
  id: string;
  session: TmSession;
  cls: { key: string; label: string; samples: readonly { id: number; thumb: ImageBitmap }[] };
  /** The class's place, from 1. */
  n: number;
  /** The class being recorded, or null. */
  recording: string | null;
  training: boolean;
  canRemove: boolean;
  hasInput: boolean;
}) {
  const { t } = useTranslation('teachable');
  const name = cls.label || t('train.defaultClass', { n });
  return (
    <li className="border rounded p-2" data-testid={`${id}-train-class`}>
      <div className="d-flex gap-2 align-items-end flex-wrap">
        <div className="flex-grow-1">
          <TextField
            small
            label={t('train.className', { n })}
            value={cls.label}
            maxLength={LABEL_MAX}
            onChange={(v) => session.renameClass(cls.key, v)}
          />
        </div>
        <RecordButton
          label={t('train.record', { label: name })}
          recording={recording === cls.key}
          disabled={
            !hasInput ||
            training ||
            (recording !== null && recording !== cls.key) ||
            cls.samples.length >= TM_MAX_SAMPLES
          }
          onStart={() => session.startRecording(cls.key)}
          onStop={() => {
            if (session.state.recording === cls.key) session.stopRecording();
          }}
        />
        <IconButton
          icon="x-circle"
          className="btn btn-sm btn-outline-secondary"
          disabled={cls.samples.length === 0 || recording !== null}
          onClick={() => session.clearSamples(cls.key)}
        >
          {t('train.clearSamples')}
        </IconButton>
        {canRemove && (
          <IconButton
            icon="trash"
            className="btn btn-sm btn-outline-danger"
            aria-label={t('train.removeClass', { label: name })}
            disabled={training}
            onClick={() => session.removeClass(cls.key)}
          />
        )}
      </div>
      <p className="small mb-1 mt-1" data-testid={`${id}-train-count`} aria-live="polite">
        {t('train.samples', { count: cls.samples.length })}
      </p>
      <SampleList
        session={session}
        classKey={cls.key}
        label={cls.label}
        samples={cls.samples}
        disabled={recording !== null}
      />
    </li>
  );
});

/** Memoised: the lab re-renders with every frame's prediction; the classes need not. */
export default memo(function TmTrainer({ id, session, hasInput, onTrain }: Props) {
  const { t } = useTranslation('teachable');
  const s = useSnapshot(session.state);
  const className = (n: number) => t('train.defaultClass', { n });
  useEffect(() => {
    session.ensureClasses((n) => t('train.defaultClass', { n }));
    session.prepareTraining();
  }, [session, t]);
  const problem = session.trainProblem();

  return (
    <section className="d-flex flex-column gap-2" aria-labelledby={`${id}-train-title`}>
      <h2 id={`${id}-train-title`} className="h6 mb-0">
        {t('train.title')}
      </h2>
      <p className="small text-body-secondary mb-0">{t('train.how')}</p>
      {!hasInput && <p className="small mb-0">{t('train.needsInput')}</p>}
      <ul className="list-unstyled d-flex flex-column gap-2 mb-0" aria-label={t('train.classes')}>
        {s.classes.map((cls, i) => (
          <ClassCard
            key={cls.key}
            id={id}
            session={session}
            cls={cls}
            n={i + 1}
            recording={s.recording}
            training={s.training !== null}
            canRemove={s.classes.length > TM_MIN_CLASSES}
            hasInput={hasInput}
          />
        ))}
      </ul>
      <div className="d-flex gap-2 flex-wrap">
        {s.classes.length < TM_MAX_CLASSES && (
          <IconButton
            icon="plus-circle"
            className="btn btn-sm btn-outline-primary"
            disabled={s.training !== null}
            onClick={() => session.addClass(className)}
          >
            {t('train.addClass')}
          </IconButton>
        )}
        <IconButton
          icon="cpu"
          className="btn btn-sm btn-primary"
          busy={s.training !== null}
          disabled={problem !== null || s.recording !== null}
          onClick={() => void onTrain()}
        >
          {t('train.train')}
        </IconButton>
      </div>
      {problem && s.training === null && (
        <p className="small mb-0" data-testid={`${id}-train-problem`}>
          {t(`train.problems.${problem.code}`, { label: problem.label, min: TM_MIN_SAMPLES })}
        </p>
      )}
      {s.training && (
        <div role="status">
          <p className="small mb-1">
            {t('train.progress', { epoch: s.training.epoch, epochs: s.training.epochs })}
          </p>
          <ProgressBar
            className="tm-bar"
            now={Math.round((100 * s.training.epoch) / s.training.epochs)}
            aria-label={t('train.progressLabel')}
            data-testid={`${id}-train-progress`}
          />
        </div>
      )}
      {s.trainError && (
        <Alert variant="danger" className="small py-2 mb-0" role="alert">
          {s.trainError.code in TRAIN_PROBLEMS
            ? t(`train.problems.${s.trainError.code}`, {
                label: s.trainError.detail,
                min: TM_MIN_SAMPLES,
              })
            : t(`errors.${s.trainError.code}`)}
        </Alert>
      )}
    </section>
  );
});
