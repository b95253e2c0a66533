// /classroom/lessond/{id}: a lesson. Its description, starter program and boards; Start
// lesson (with ?class= the class it is started in); the student's state, grade and the
// teacher's note; in creator mode edit, delete, add to classes, and for moderators the
// official flag. /classroom/lessond without an id is the new-lesson form (creator mode).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { confirm } from '../../shell/confirm.ts';
import type { Lesson } from '../../contract/lessons.ts';
import { program } from '../../program/index.ts';
import { showToast } from '../../state/ui.ts';
import { apiErrorText } from '../../ui/error-text.ts';
import Markdown from '../../ui/markdown/Markdown.tsx';
import { classCache, classroom } from '../runtime.ts';
import AddToClassesDialog from './AddToClassesDialog.tsx';
import BoardsEditor from './BoardsEditor.tsx';
import ClassroomShell, { Problem } from './ClassroomShell.tsx';
import Loading from '../../ui/busy/Loading.tsx';
import LessonDescriptionModal from './LessonDescriptionModal.tsx';
import LessonCheckSection from './LessonCheckSection.tsx';
import LessonForm from './LessonForm.tsx';
import ProgressCard from './ProgressCard.tsx';
import StartLessonButton from './StartLessonButton.tsx';
import { useLoad } from './use-load.ts';
import IconButton from '../../ui/icon-button/IconButton.tsx';

function Boards({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation('classroom');
  const { creatorMode } = useSnapshot(program);
  const student = useLoad(
    (signal) => classroom.lessonBoards(lesson.uuid, 'student', { signal, quiet: true }),
    lesson.uuid,
  );
  const mayEdit = creatorMode && (lesson.permissions.edit || lesson.permissions.setOfficial);
  const lists = useLoad(
    async (signal) =>
      mayEdit
        ? {
            official: (
              await classroom.lessonBoards(lesson.uuid, 'official', { signal, quiet: true })
            ).boards,
            private: (await classroom.lessonBoards(lesson.uuid, 'private', { signal, quiet: true }))
              .boards,
          }
        : null,
    `${lesson.uuid}:${mayEdit}`,
  );
  const boards = student.data?.boards ?? [];
  return (
    <section aria-labelledby="lesson-boards" className="mb-4">
      <h2 id="lesson-boards" className="h5">
        {t('boards.title')}
      </h2>
      {student.error ? (
        <p className="small text-body-secondary">{apiErrorText(student.error)}</p>
      ) : boards.length === 0 ? (
        <p className="small text-body-secondary">{t('boards.none')}</p>
      ) : (
        <ul className="list-inline" data-testid="lesson-boards">
          {boards.map((b) => (
            <li
              key={b.board_id}
              className="list-inline-item badge text-bg-light border font-monospace"
            >
              {b.board_id}
            </li>
          ))}
        </ul>
      )}
      {lists.data && (
        <>
          {lesson.permissions.edit && (
            <BoardsEditor
              luuid={lesson.uuid}
              list="private"
              initial={lists.data.private.map((b) => b.board_id)}
              onSaved={() => student.reload()}
            />
          )}
          {lesson.permissions.setOfficial && (
            <BoardsEditor
              luuid={lesson.uuid}
              list="official"
              initial={lists.data.official.map((b) => b.board_id)}
              onSaved={() => student.reload()}
            />
          )}
        </>
      )}
    </section>
  );
}

/** The class's live view, for its teachers (a lesson opened from their class). */
function LiveViewLink({ classUuid }: { classUuid: string }) {
  const { t } = useTranslation('classroom');
  const cached = useSnapshot(classCache.state);
  useEffect(() => {
    void classCache.load(classUuid);
  }, [classUuid]);
  if (cached.uuid !== classUuid || !cached.data?.permissions.grade) return null;
  return (
    <Link to={`/classroom/classd/${classUuid}/live`} className="btn btn-outline-primary">
      <i className="bi bi-broadcast me-1" aria-hidden="true" />
      {t('live.fromLesson')}
    </Link>
  );
}

function LessonView({
  lesson,
  classUuid,
  onChanged,
}: {
  lesson: Lesson;
  classUuid: string | null;
  onChanged: (l: Lesson) => void;
}) {
  const { t } = useTranslation('classroom');
  const navigate = useNavigate();
  const { creatorMode } = useSnapshot(program);
  const [editing, setEditing] = useState(false);
  const [preview, setPreview] = useState(false);
  const [adding, setAdding] = useState(false);
  const p = lesson.permissions;

  const remove = async () => {
    if (!(await confirm(t('lesson.confirmDelete', { name: lesson.name })))) return;
    try {
      await classroom.deleteLesson(lesson.uuid);
      showToast('success', t('lesson.deleted', { name: lesson.name }));
      void navigate('/classroom/lesson?type=my');
    } catch {
      // shown by the API client
    }
  };
  const setOfficial = async (official: boolean) => {
    try {
      onChanged(await classroom.setLessonOfficial(lesson.uuid, official));
    } catch {
      // shown by the API client
    }
  };

  if (editing) {
    return (
      <ClassroomShell screen="lessonDetail" title={t('lesson.editTitle', { name: lesson.name })}>
        <LessonForm
          lesson={lesson}
          onSaved={(saved) => {
            onChanged(saved);
            setEditing(false);
            showToast('success', t('saved'));
          }}
          onCancel={() => setEditing(false)}
        />
      </ClassroomShell>
    );
  }

  return (
    <ClassroomShell
      screen="lessonDetail"
      title={lesson.name}
      actions={
        <div className="d-flex flex-wrap gap-2">
          <StartLessonButton luuid={lesson.uuid} classUuid={classUuid} lesson={lesson} />
          {classUuid && <LiveViewLink classUuid={classUuid} />}
          <IconButton
            icon="eye"
            className="btn btn-outline-secondary"
            onClick={() => setPreview(true)}
          >
            {t('lesson.description')}
          </IconButton>
          {creatorMode && p.addToClass && (
            <IconButton
              icon="plus-square"
              className="btn btn-outline-primary"
              onClick={() => setAdding(true)}
            >
              {t('lesson.addToClasses')}
            </IconButton>
          )}
          {creatorMode && p.edit && (
            <IconButton
              icon="pencil"
              className="btn btn-outline-primary"
              onClick={() => setEditing(true)}
            >
              {t('lesson.edit')}
            </IconButton>
          )}
          {creatorMode && p.delete && (
            <button type="button" className="btn btn-outline-danger" onClick={() => void remove()}>
              <i className="bi bi-trash me-1" aria-hidden="true" />
              {t('lesson.delete')}
            </button>
          )}
        </div>
      }
    >
      <p className="small text-body-secondary">
        {t('card.owner', { name: lesson.owner.name || t('unnamed') })} ·{' '}
        {t('overview.points', { points: lesson.maxPoints })}
        {lesson.timeLimit && ` · ${t('lesson.timeLimit', { minutes: lesson.timeLimit })}`}
        {lesson.official && <span className="badge text-bg-success ms-2">{t('official')}</span>}
      </p>
      {creatorMode && p.setOfficial && (
        <div className="form-check form-switch mb-3">
          <input
            id="lesson-official"
            className="form-check-input"
            type="checkbox"
            role="switch"
            checked={lesson.official}
            onChange={(e) => void setOfficial(e.target.checked)}
          />
          <label className="form-check-label" htmlFor="lesson-official">
            {t('fields.official')}
          </label>
        </div>
      )}
      <div className="row g-4">
        <div className="col-lg-7">
          {lesson.desc.trim() ? (
            <Markdown text={lesson.desc} />
          ) : (
            <p className="text-body-secondary">{t('lesson.noDescription')}</p>
          )}
        </div>
        <div className="col-lg-5">
          <ProgressCard luuid={lesson.uuid} classUuid={classUuid} />
          <section aria-labelledby="lesson-starter" className="mb-4">
            <h2 id="lesson-starter" className="h5">
              {t('fields.starter')}
            </h2>
            {lesson.logo.trim() ? (
              <pre className="bg-body-tertiary p-2 rounded small" data-testid="lesson-starter">
                {lesson.logo}
              </pre>
            ) : (
              <p className="small text-body-secondary">
                {lesson.code.trim() ? t('lesson.starterBlocks') : t('lesson.starterEmpty')}
              </p>
            )}
          </section>
          <LessonCheckSection lesson={lesson} />
          <Boards lesson={lesson} />
        </div>
      </div>
      {preview && (
        <LessonDescriptionModal
          name={lesson.name}
          desc={lesson.desc}
          onClose={() => setPreview(false)}
        />
      )}
      {adding && <AddToClassesDialog lesson={lesson} onClose={() => setAdding(false)} />}
    </ClassroomShell>
  );
}

function NewLesson() {
  const { t } = useTranslation('classroom');
  const navigate = useNavigate();
  const { creatorMode } = useSnapshot(program);
  if (!creatorMode) return <Navigate to="/classroom/lesson" replace />;
  return (
    <ClassroomShell screen="lessonDetail" title={t('lesson.new')}>
      <LessonForm
        lesson={null}
        onSaved={(created) => {
          showToast('success', t('lesson.created', { name: created.name }));
          void navigate(`/classroom/lessond/${created.uuid}`, { replace: true });
        }}
        onCancel={() => void navigate('/classroom/lesson')}
      />
    </ClassroomShell>
  );
}

export default function LessonDetailPage() {
  const { t } = useTranslation('classroom');
  const { id } = useParams();
  const [params] = useSearchParams();
  const classUuid = params.get('class');
  const lesson = useLoad(
    (signal) => (id ? classroom.getLesson(id, { signal, quiet: true }) : Promise.resolve(null)),
    id ?? '',
  );
  if (!id) return <NewLesson />;
  if (lesson.error) {
    return (
      <ClassroomShell screen="lessonDetail" title={t('unableToLoad')}>
        <Problem
          title={t('unableToLoad')}
          detail={apiErrorText(lesson.error)}
          onRetry={lesson.reload}
        />
      </ClassroomShell>
    );
  }
  if (!lesson.data || lesson.data.uuid !== id) {
    return (
      <ClassroomShell screen="lessonDetail">
        <Loading />
      </ClassroomShell>
    );
  }
  return <LessonView lesson={lesson.data} classUuid={classUuid} onChanged={lesson.set} />;
}
