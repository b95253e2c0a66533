// /classroom/lesson: the lesson panel. Official lessons and the caller's own in the data
// table; each can be previewed (the lesson description modal), opened, and in creator mode
// added to classes the caller teaches. "New lesson" (creator mode) opens the lesson form.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client.ts';
import type { Lesson, LessonListType } from '../../contract/lessons.ts';
import { program } from '../../program/index.ts';
import DataTable, { type Column } from '../../ui/data-table/DataTable.tsx';
import { serverSource } from '../../ui/data-table/table-source.ts';
import { listUrls } from '../classroom-api.ts';
import AddToClassesDialog from './AddToClassesDialog.tsx';
import ClassroomShell from './ClassroomShell.tsx';
import { formatDate } from './format.ts';
import LessonDescriptionModal from './LessonDescriptionModal.tsx';
import IconButton from '../../ui/icon-button/IconButton.tsx';

export default function LessonPanelPage() {
  const { t } = useTranslation('classroom');
  const [params] = useSearchParams();
  const type: LessonListType = params.get('type') === 'my' ? 'my' : 'official';
  const { creatorMode } = useSnapshot(program);
  const [preview, setPreview] = useState<Lesson | null>(null);
  const [adding, setAdding] = useState<Lesson | null>(null);
  const source = useMemo(() => serverSource<Lesson>(api, listUrls.lessons(type)), [type]);

  const columns: Column<Lesson>[] = [
    {
      field: 'name',
      label: t('fields.name'),
      sortable: true,
      render: (l) => (
        <>
          <Link to={`/classroom/lessond/${l.uuid}`} className="text-break">
            {l.name}
          </Link>
          {l.official && <span className="badge text-bg-success ms-2">{t('official')}</span>}
        </>
      ),
    },
    { field: 'owner', label: t('fields.owner'), render: (l) => l.owner.name },
    {
      field: 'points',
      label: t('fields.points'),
      render: (l) => l.maxPoints,
      className: 'text-end',
    },
    {
      field: 'updated_at',
      label: t('fields.updated'),
      sortable: true,
      render: (l) => formatDate(l.updatedAt),
    },
  ];

  return (
    <ClassroomShell
      screen="lesson"
      actions={
        creatorMode && (
          <Link to="/classroom/lessond" className="btn btn-primary">
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('lesson.new')}
          </Link>
        )
      }
    >
      <ul className="nav nav-tabs mb-3">
        {(['official', 'my'] as const).map((tab) => (
          <li className="nav-item" key={tab}>
            <NavLink
              to={tab === 'my' ? '/classroom/lesson?type=my' : '/classroom/lesson'}
              className={() => `nav-link${tab === type ? ' active' : ''}`}
              aria-current={tab === type ? 'page' : undefined}
            >
              {t(`panel.${tab}`)}
            </NavLink>
          </li>
        ))}
      </ul>
      <DataTable
        key={type}
        source={source}
        columns={columns}
        rowKey={(l) => l.uuid}
        caption={t(`panel.${type}`)}
        initialSort={[{ field: 'updated_at', dir: 'desc' }]}
        testId="lesson-table"
        actions={(l) => (
          <div className="btn-group btn-group-sm">
            <IconButton
              icon="eye"
              className="btn btn-outline-secondary"
              aria-label={t('panel.preview', { name: l.name })}
              onClick={() => setPreview(l)}
            />
            {creatorMode && l.permissions.addToClass && (
              <IconButton
                icon="plus-square"
                className="btn btn-outline-primary"
                aria-label={t('panel.addTitle', { name: l.name })}
                onClick={() => setAdding(l)}
              />
            )}
          </div>
        )}
      />
      {preview && (
        <LessonDescriptionModal
          name={preview.name}
          desc={preview.desc}
          onClose={() => setPreview(null)}
        />
      )}
      {adding && <AddToClassesDialog lesson={adding} onClose={() => setAdding(null)} />}
    </ClassroomShell>
  );
}
