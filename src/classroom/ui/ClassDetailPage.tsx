// /classroom/classd/{id}/{tab}: one class, with the tabs its reader may use: overview
// (description and lessons), people (teachers; students for teachers), gradebook and access
// code (teachers). The class comes from the class cache (fresh 10 s per uuid); a failed
// fetch shows 'Not found' with the reason.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { confirm } from '../../shell/confirm.ts';
import type { Class } from '../../contract/classroom.ts';
import { program } from '../../program/index.ts';
import { showToast } from '../../state/ui.ts';
import { apiErrorText } from '../../ui/error-text.ts';
import { classCache, classroom } from '../runtime.ts';
import AccessCodeTab from './AccessCodeTab.tsx';
import { ClassImage } from './ClassCard.tsx';
import ClassroomShell, { Problem } from './ClassroomShell.tsx';
import Loading from '../../ui/busy/Loading.tsx';
import EditClassDialog from './EditClassDialog.tsx';
import GradebookTab from './GradebookTab.tsx';
import OverviewTab from './OverviewTab.tsx';
import PeopleTab from './PeopleTab.tsx';
import { tabsFor, type ClassTab } from '../class-tabs.ts';
import IconButton from '../../ui/icon-button/IconButton.tsx';

const LiveTab = lazy(() => import('../live/ui/LiveTab.tsx'));

function ClassActions({ klass, onEdit }: { klass: Class; onEdit: () => void }) {
  const { t } = useTranslation('classroom');
  const navigate = useNavigate();
  const { creatorMode } = useSnapshot(program);
  const p = klass.permissions;

  const remove = async () => {
    if (!(await confirm(t('detail.confirmDelete', { name: klass.name })))) return;
    try {
      await classroom.deleteClass(klass.uuid);
      classCache.clear();
      showToast('success', t('detail.deleted', { name: klass.name }));
      void navigate('/classroom/class');
    } catch {
      // The API client showed why.
    }
  };
  const clone = async () => {
    try {
      const copy = await classroom.cloneClass(klass.uuid);
      showToast('success', t('detail.cloned', { name: copy.name }));
      void navigate(`/classroom/classd/${copy.uuid}/overview`);
    } catch {
      // shown by the API client
    }
  };
  const join = async () => {
    try {
      const joined = await classroom.enroll(klass.uuid);
      classCache.put(joined);
      showToast('success', t('enroll.joined', { name: joined.name }));
    } catch {
      // shown by the API client
    }
  };
  const leave = async () => {
    if (!(await confirm(t('detail.confirmLeave', { name: klass.name })))) return;
    try {
      await classroom.unenroll(klass.uuid);
      classCache.clear();
      void navigate('/classroom/my-enrolled');
    } catch {
      // shown by the API client
    }
  };

  return (
    <div className="d-flex flex-wrap gap-2">
      {p.enrol && (
        <button type="button" className="btn btn-primary" onClick={() => void join()}>
          {t('detail.join')}
        </button>
      )}
      {p.unenrol && (
        <button type="button" className="btn btn-outline-secondary" onClick={() => void leave()}>
          {t('detail.leave')}
        </button>
      )}
      {creatorMode && p.edit && (
        <IconButton icon="pencil" className="btn btn-outline-primary" onClick={onEdit}>
          {t('detail.edit')}
        </IconButton>
      )}
      {creatorMode && p.clone && (
        <button type="button" className="btn btn-outline-secondary" onClick={() => void clone()}>
          <i className="bi bi-copy me-1" aria-hidden="true" />
          {t('detail.clone')}
        </button>
      )}
      {creatorMode && p.delete && (
        <button type="button" className="btn btn-outline-danger" onClick={() => void remove()}>
          <i className="bi bi-trash me-1" aria-hidden="true" />
          {t('detail.delete')}
        </button>
      )}
    </div>
  );
}

export default function ClassDetailPage() {
  const { t } = useTranslation('classroom');
  const { id, tab } = useParams();
  const state = useSnapshot(classCache.state);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (id) void classCache.load(id);
  }, [id]);

  if (!id) return <Navigate to="/classroom/class" replace />;

  if (state.uuid === id && state.notFound) {
    return (
      <ClassroomShell screen="classDetail" title={t('detail.notFound')}>
        <Problem
          title={t('detail.notFound')}
          detail={apiErrorText(state.error)}
          onRetry={() => void classCache.load(id, { force: true })}
        />
      </ClassroomShell>
    );
  }
  if (state.uuid !== id || !state.data) {
    return (
      <ClassroomShell screen="classDetail">
        <Loading />
      </ClassroomShell>
    );
  }

  const klass = state.data as Class;
  const tabs = tabsFor(klass);
  const current = (tab ?? 'overview') as ClassTab;
  if (!tabs.includes(current)) return <Navigate to={`/classroom/classd/${id}/overview`} replace />;

  return (
    <ClassroomShell
      screen="classDetail"
      title={klass.name}
      actions={<ClassActions klass={klass} onEdit={() => setEditing(true)} />}
    >
      {klass.headerImage && (
        <ClassImage url={klass.headerImage} className="header-banner classroom-banner mb-3" />
      )}
      <p className="small text-body-secondary">
        {t('card.owner', { name: klass.owner.name || t('unnamed') })}
        {klass.official && <span className="badge text-bg-success ms-2">{t('official')}</span>}
        {klass.role !== 'none' && (
          <span className="badge text-bg-secondary ms-2">{t(`role.${klass.role}`)}</span>
        )}
      </p>
      <nav aria-label={t('detail.tabs')}>
        <ul className="nav nav-tabs mb-3">
          {tabs.map((name) => (
            <li className="nav-item" key={name}>
              <NavLink to={`/classroom/classd/${id}/${name}`} className="nav-link">
                {t(`tabs.${name}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {current === 'overview' && <OverviewTab klass={klass} />}
      {current === 'people' && <PeopleTab klass={klass} />}
      {current === 'gradebook' && <GradebookTab klass={klass} />}
      {current === 'live' && (
        <Suspense fallback={<Loading />}>
          <LiveTab klass={klass} />
        </Suspense>
      )}
      {current === 'access-code' && <AccessCodeTab klass={klass} />}
      {editing && <EditClassDialog klass={klass} onClose={() => setEditing(false)} />}
    </ClassroomShell>
  );
}
