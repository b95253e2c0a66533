// Training in the lab: the classes (2 to 6, each named), their samples recorded from the
// input while Record is held (pointer, or Space / Enter held), a count and a thumbnail per
// sample (each one a button that deletes it), Train with its progress, and the held-out test
// ("Red: 19 of 20 right"). The model that training makes is kept in the project.
import { memo, useCallback, useEffect, useSyncExternalStore, type KeyboardEvent } from 'react';
import { Alert, ProgressBar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { subscribe, useSnapshot } from 'valtio';
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

/**
 * Whether training runs. Only its start and end draw the caller, not each epoch's progress
 * (which a snapshot read of `training` would).
 */
function useTraining(session: TmSession): boolean {
  const listen = useCallback(
    (onChange: () => void) => subscribe(session.state, onChange),
    [session],
  );
  return useSyncExternalStore(listen, () => session.state.training !== null);
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
  samples: readonly { id: number; thumb: string }[];
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
                <img src={sample.thumb} alt="" width={40} height={40} />
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
  session,
  label,
  recording,
  disabled,
  onStart,
  onStop,
}: {
  session: TmSession;
  label: string;
  recording: boolean;
  /** Disabled for a reason other than training. */
  disabled: boolean;
  onStart(): void;
  onStop(): void;
}) {
  const training = useTraining(session);
  const holdKey = (e: KeyboardEvent) => e.key === ' ' || e.key === 'Enter';
  return (
    <button
      type="button"
      className={`btn btn-sm ${recording ? 'btn-danger' : 'btn-outline-danger'}`}
      aria-pressed={recording}
      disabled={disabled || training}
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

/** Removes a class; disabled while training. */
function RemoveClassButton({
  session,
  classKey,
  name,
}: {
  session: TmSession;
  classKey: string;
  name: string;
}) {
  const { t } = useTranslation('teachable');
  const training = useTraining(session);
  return (
    <IconButton
      icon="trash"
      className="btn btn-sm btn-outline-danger"
      aria-label={t('train.removeClass', { label: name })}
      disabled={training}
      onClick={() => session.removeClass(classKey)}
    />
  );
}

/**
 * One class: its name, Record, Clear, Remove, the count and the samples. Memoised (with the
 * snapshot's class, which keeps its identity until it changes): each epoch's progress would
 * otherwise draw every class again. Training's start and end draw only the buttons it
 * disables, not the card.
 */
const ClassCard = memo(function ClassCard({
  id,
  session,
  cls,
  n,
  recording,
  canRemove,
  hasInput,
}: {
  id: string;
  session: TmSession;
  cls: { key: string; label: string; samples: readonly { id: number; thumb: string }[] };
  /** The class's place, from 1. */
  n: number;
  /** The class being recorded, or null. */
  recording: string | null;
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
          session={session}
          label={t('train.record', { label: name })}
          recording={recording === cls.key}
          disabled={
            !hasInput ||
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
        {canRemove && <RemoveClassButton session={session} classKey={cls.key} name={name} />}
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

/** Training's progress: its own component, as it changes with every epoch. */
function TrainProgress({ id, session }: { id: string; session: TmSession }) {
  const { t } = useTranslation('teachable');
  const { training } = useSnapshot(session.state);
  if (!training) return null;
  return (
    <div role="status">
      <p className="small mb-1">
        {t('train.progress', { epoch: training.epoch, epochs: training.epochs })}
      </p>
      <ProgressBar
        className="tm-bar"
        now={Math.round((100 * training.epoch) / training.epochs)}
        aria-label={t('train.progressLabel')}
        data-testid={`${id}-train-progress`}
      />
    </div>
  );
}

/**
 * Add class, Train, why Train cannot start yet and training's progress: training's start
 * and end draw these, not the classes.
 */
function TrainControls({
  id,
  session,
  canAdd,
  problem,
  recording,
  onTrain,
}: {
  id: string;
  session: TmSession;
  canAdd: boolean;
  problem: ReturnType<TmSession['trainProblem']>;
  recording: boolean;
  onTrain(): Promise<void>;
}) {
  const { t } = useTranslation('teachable');
  const training = useTraining(session);
  const className = (n: number) => t('train.defaultClass', { n });
  return (
    <>
      <div className="d-flex gap-2 flex-wrap">
        {canAdd && (
          <IconButton
            icon="plus-circle"
            className="btn btn-sm btn-outline-primary"
            disabled={training}
            onClick={() => session.addClass(className)}
          >
            {t('train.addClass')}
          </IconButton>
        )}
        <IconButton
          icon="cpu"
          className="btn btn-sm btn-primary"
          busy={training}
          disabled={problem !== null || recording}
          onClick={() => void onTrain()}
        >
          {t('train.train')}
        </IconButton>
      </div>
      {problem && !training && (
        <p className="small mb-0" data-testid={`${id}-train-problem`}>
          {t(`train.problems.${problem.code}`, { label: problem.label, min: TM_MIN_SAMPLES })}
        </p>
      )}
      {training && <TrainProgress id={id} session={session} />}
    </>
  );
}

/** Memoised: the lab re-renders with every frame's prediction; the classes need not. */
export default memo(function TmTrainer({ id, session, hasInput, onTrain }: Props) {
  const { t } = useTranslation('teachable');
  const s = useSnapshot(session.state);
  useEffect(() => {
    session.ensureClasses((n) => t('train.defaultClass', { n }));
    session.prepareTraining();
  }, [session, t]);
  const problem = session.trainProblem();

  return (
    <section className="d-flex flex-column gap-2 tm-trainer" aria-labelledby={`${id}-train-title`}>
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
            canRemove={s.classes.length > TM_MIN_CLASSES}
            hasInput={hasInput}
          />
        ))}
      </ul>
      <div className="tm-slot">
        <TrainControls
          id={id}
          session={session}
          canAdd={s.classes.length < TM_MAX_CLASSES}
          problem={problem}
          recording={s.recording !== null}
          onTrain={onTrain}
        />
      </div>
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
