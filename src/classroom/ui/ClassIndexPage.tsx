// /classroom/class: the class index. Official classes, the caller's own classes, classes
// they co-teach and classes they joined, six of each with a link to the whole list; "New
// class" (creator mode) opens the class wizard.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { program, setCreatorMode } from '../../program/index.ts';
import { apiErrorText } from '../../ui/error-text.ts';
import { listUrls } from '../classroom-api.ts';
import { classroom } from '../runtime.ts';
import ClassCard from './ClassCard.tsx';
import ClassroomShell, { Problem } from './ClassroomShell.tsx';
import Loading from '../../ui/busy/Loading.tsx';
import NewClassDialog from './NewClassDialog.tsx';
import { useLoad } from './use-load.ts';

const SECTIONS = [
  { id: 'official', url: listUrls.classes('official'), all: '/classroom/class/official' },
  { id: 'my', url: listUrls.classes('my'), all: '/classroom/class/my' },
  { id: 'other', url: listUrls.classes('other'), all: '/classroom/class/other' },
  { id: 'enrolled', url: listUrls.enrolled(), all: '/classroom/my-enrolled' },
] as const;

const PREVIEW = 6;

function Section({ id, url, all }: (typeof SECTIONS)[number]) {
  const { t } = useTranslation('classroom');
  const list = useLoad(
    (signal) => classroom.classList(url, { page: 1, per_page: PREVIEW }, { signal, quiet: true }),
    url,
  );
  const total = list.data?.links.pagination.total ?? 0;
  return (
    <section className="mb-4" aria-labelledby={`classes-${id}`} data-testid={`classes-${id}`}>
      <div className="d-flex align-items-baseline gap-2 mb-2">
        <h2 id={`classes-${id}`} className="h5 mb-0 me-auto">
          {t(`lists.${id}.title`)}
        </h2>
        {total > 0 && (
          <Link to={all} className="small">
            {t('lists.seeAll', { count: total })}
          </Link>
        )}
      </div>
      {list.error ? (
        <Problem title={t('cannotLoad')} detail={apiErrorText(list.error)} onRetry={list.reload} />
      ) : !list.data ? (
        <Loading />
      ) : list.data.data.length === 0 ? (
        <p className="text-body-secondary small">{t(`lists.${id}.empty`)}</p>
      ) : (
        <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 list-unstyled">
          {list.data.data.map((c) => (
            <li className="col" key={c.uuid}>
              <ClassCard klass={c} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function ClassIndexPage() {
  const { t } = useTranslation('classroom');
  const { creatorMode } = useSnapshot(program);
  const [creating, setCreating] = useState(false);
  // Turned on from the hint: focus moves to the New class button the hint led to.
  const newClass = useRef<HTMLButtonElement>(null);
  const [fromHint, setFromHint] = useState(false);
  useEffect(() => {
    if (fromHint && creatorMode) newClass.current?.focus();
  }, [fromHint, creatorMode]);
  return (
    <ClassroomShell
      screen="classIndex"
      actions={
        <>
          <Link to="/classroom/enroll" className="btn btn-outline-primary">
            <i className="bi bi-key me-1" aria-hidden="true" />
            {t('enroll.action')}
          </Link>
          {creatorMode && (
            <button
              ref={newClass}
              type="button"
              className="btn btn-primary"
              onClick={() => setCreating(true)}
            >
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              {t('newClass.action')}
            </button>
          )}
        </>
      }
    >
      {!creatorMode && (
        <div
          className="alert alert-info d-flex flex-wrap align-items-center gap-2 py-2"
          data-testid="creator-mode-hint"
        >
          <span className="me-auto">{t('creatorMode.offHint')}</span>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => {
              setFromHint(true);
              setCreatorMode(true);
            }}
          >
            {t('creatorMode.turnOn')}
          </button>
        </div>
      )}
      {SECTIONS.map((s) => (
        <Section key={s.id} {...s} />
      ))}
      {creating && <NewClassDialog onClose={() => setCreating(false)} />}
    </ClassroomShell>
  );
}
