// A class's overview: its description (Markdown) and its lessons in order. Students see
// their state in each lesson and start it; teachers in creator mode add lessons (several at
// once), remove them and change their order.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { confirm } from '../../shell/confirm.ts';
import type { Class, ClassLesson } from '../../contract/classroom.ts';
import type { Completion } from '../../contract/grades.ts';
import { program } from '../../program/index.ts';
import { apiErrorText } from '../../ui/error-text.ts';
import Markdown from '../../ui/markdown/Markdown.tsx';
import MultiSelect from '../../ui/multi-select/MultiSelect.tsx';
import { classCache, classroom } from '../runtime.ts';
import { Problem } from './ClassroomShell.tsx';
import Loading from '../../ui/busy/Loading.tsx';
import { useLoad } from './use-load.ts';
import { formatDate, formatPoints } from './format.ts';
import StartLessonButton from './StartLessonButton.tsx';
import StateBadge from './StateBadge.tsx';
import IconButton from '../../ui/icon-button/IconButton.tsx';

function AddLessons({
  klass,
  present,
  onAdded,
}: {
  klass: Class;
  present: string[];
  onAdded: () => void;
}) {
  const { t } = useTranslation('classroom');
  const [chosen, setChosen] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  // The caller's own lessons and the official ones (the ones they may add).
  const lessons = useLoad(async (signal) => {
    const params = { page: 1, per_page: 100, sort: 'name|asc' };
    const lists = await Promise.all(
      (['my', 'official'] as const).map((type) =>
        classroom.lessonList(type, params, { signal, quiet: true }),
      ),
    );
    return lists.flatMap((l) => l.data);
  }, klass.uuid);
  const seen = new Set(present);
  const options: { value: string; label: string }[] = [];
  for (const l of lessons.data ?? []) {
    if (seen.has(l.uuid)) continue;
    seen.add(l.uuid);
    options.push({ value: l.uuid, label: l.official ? `${l.name} (${t('official')})` : l.name });
  }

  const add = async () => {
    setTried(true);
    if (chosen.length === 0) return;
    setBusy(true);
    try {
      await classroom.addLessons(klass.uuid, chosen);
      setChosen([]);
      setTried(false);
      onAdded();
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="card card-body mb-3" data-testid="add-lessons">
      <div className="row g-2 align-items-end">
        <div className="col-md">
          <MultiSelect
            label={t('overview.addLessons')}
            options={options}
            selected={chosen}
            onChange={setChosen}
            placeholder={lessons.data ? t('overview.pickLessons') : t('common:loading')}
            disabled={!lessons.data}
            requiredError={
              tried && chosen.length === 0
                ? t('ui:textField.required', { name: t('fields.lessons') })
                : null
            }
          />
        </div>
        <div className="col-auto">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void add()}
          >
            {t('overview.add')}
          </button>
        </div>
      </div>
      {lessons.error ? (
        <p className="form-text text-danger mb-0">{t('cannotLoad')}</p>
      ) : (
        <p className="form-text mb-0">
          {t('overview.addHint')} <Link to="/classroom/lesson">{t('nav.lessons')}</Link>
        </p>
      )}
    </div>
  );
}

/** The reorder buttons of a lesson row: up one, down one. */
const MOVES = [
  { key: 'overview.moveUp', icon: 'arrow-up', step: -1 },
  { key: 'overview.moveDown', icon: 'arrow-down', step: 1 },
] as const;

function LessonRow({
  klass,
  lesson,
  index,
  count,
  completion,
  authoring,
  onMove,
  onRemove,
}: {
  klass: Class;
  lesson: ClassLesson;
  index: number;
  count: number;
  completion: Completion | undefined;
  authoring: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (lesson: ClassLesson) => void;
}) {
  const { t } = useTranslation('classroom');
  return (
    <li
      className="list-group-item d-flex flex-wrap align-items-center gap-2"
      data-testid="class-lesson"
    >
      <span className="text-body-secondary">{index + 1}.</span>
      <div className="me-auto">
        <Link
          to={`/classroom/lessond/${lesson.uuid}?class=${klass.uuid}`}
          className="fw-semibold text-break"
        >
          {lesson.name}
        </Link>
        {lesson.official && <span className="badge text-bg-success ms-2">{t('official')}</span>}
        <div className="small text-body-secondary">
          {t('overview.points', { points: lesson.maxPoints })}
          {lesson.dueAt && ` · ${t('overview.due', { date: formatDate(lesson.dueAt) })}`}
        </div>
      </div>
      {completion && (
        <span className="d-flex align-items-center gap-2">
          <StateBadge state={completion.state} />
          {completion.grade !== null && (
            <span data-testid="my-grade">
              {formatPoints(completion.grade)} / {completion.maxPoints}
            </span>
          )}
        </span>
      )}
      {klass.role === 'student' && (
        <StartLessonButton luuid={lesson.uuid} classUuid={klass.uuid} small />
      )}
      {authoring && (
        <div className="btn-group btn-group-sm">
          {MOVES.map(({ key, icon, step }) => (
            <IconButton
              key={key}
              icon={icon}
              className="btn btn-outline-secondary"
              aria-label={t(key, { name: lesson.name })}
              disabled={index + step < 0 || index + step >= count}
              onClick={() => onMove(index, index + step)}
            />
          ))}
          <IconButton
            icon="x-lg"
            className="btn btn-outline-danger"
            aria-label={t('overview.remove', { name: lesson.name })}
            onClick={() => onRemove(lesson)}
          />
        </div>
      )}
    </li>
  );
}

export default function OverviewTab({ klass }: { klass: Class }) {
  const { t } = useTranslation('classroom');
  const navigate = useNavigate();
  const { creatorMode } = useSnapshot(program);
  const authoring = creatorMode && klass.permissions.edit;
  const lessons = useLoad(
    (signal) => classroom.classLessons(klass.uuid, { signal, quiet: true }),
    klass.uuid,
  );
  const completions = useLoad(
    (signal) =>
      klass.role === 'student'
        ? classroom.myCompletions(klass.uuid, { signal, quiet: true })
        : Promise.resolve(null),
    `${klass.uuid}:${klass.role}`,
  );
  const byLesson = new Map((completions.data?.data ?? []).map((c) => [c.luuid, c]));
  const list = lessons.data?.data ?? [];

  const changed = () => {
    lessons.reload();
    void classCache.load(klass.uuid, { force: true });
  };
  const move = async (from: number, to: number) => {
    const order = list.map((l) => l.uuid);
    const [moved] = order.splice(from, 1);
    if (!moved) return;
    order.splice(to, 0, moved);
    try {
      lessons.set(await classroom.reorderLessons(klass.uuid, order));
    } catch {
      lessons.reload();
    }
  };
  const remove = async (lesson: ClassLesson) => {
    if (!(await confirm(t('overview.confirmRemove', { name: lesson.name })))) return;
    try {
      lessons.set(await classroom.removeLessons(klass.uuid, [lesson.uuid]));
      void classCache.load(klass.uuid, { force: true });
    } catch {
      lessons.reload();
    }
  };

  return (
    <div className="row g-4">
      <div className="col-lg-6">
        <h2 className="h5">{t('overview.about')}</h2>
        {klass.desc.trim() ? (
          <Markdown text={klass.desc} />
        ) : (
          <p className="text-body-secondary">{t('overview.noDescription')}</p>
        )}
      </div>
      <div className="col-lg-6">
        <h2 className="h5">{t('overview.lessons')}</h2>
        {authoring && (
          <AddLessons klass={klass} present={list.map((l) => l.uuid)} onAdded={changed} />
        )}
        {lessons.error ? (
          <Problem
            title={t('cannotLoad')}
            detail={apiErrorText(lessons.error)}
            onRetry={lessons.reload}
          />
        ) : !lessons.data ? (
          <Loading />
        ) : list.length === 0 ? (
          <p className="text-body-secondary">{t('overview.noLessons')}</p>
        ) : (
          <ol className="list-group list-unstyled" aria-label={t('overview.lessons')}>
            {list.map((lesson, i) => (
              <LessonRow
                key={lesson.uuid}
                klass={klass}
                lesson={lesson}
                index={i}
                count={list.length}
                completion={byLesson.get(lesson.uuid)}
                authoring={authoring}
                onMove={(from, to) => void move(from, to)}
                onRemove={(l) => void remove(l)}
              />
            ))}
          </ol>
        )}
        {klass.permissions.grade && list.length > 0 && (
          <button
            type="button"
            className="btn btn-link px-0"
            onClick={() => void navigate(`/classroom/classd/${klass.uuid}/gradebook`)}
          >
            {t('overview.toGradebook')}
          </button>
        )}
      </div>
    </div>
  );
}
