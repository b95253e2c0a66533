// /classroom/class/{type} (official, my, other) and /classroom/my-enrolled: one list of
// classes in the data table (sort by name or last change, filter, pages).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { api } from '../../api/client.ts';
import { CLASS_LIST_TYPES, type Class, type ClassListType } from '../../contract/classroom.ts';
import DataTable, { type Column } from '../../ui/data-table/DataTable.tsx';
import { serverSource } from '../../ui/data-table/table-source.ts';
import { listUrls } from '../classroom-api.ts';
import ClassroomShell from './ClassroomShell.tsx';
import { formatDate } from './format.ts';

function ClassTable({ url, caption }: { url: string; caption: string }) {
  const { t } = useTranslation('classroom');
  const source = useMemo(() => serverSource<Class>(api, url), [url]);
  const columns: Column<Class>[] = [
    {
      field: 'name',
      label: t('fields.name'),
      sortable: true,
      render: (c) => (
        <>
          <Link to={`/classroom/classd/${c.uuid}/overview`} className="text-break">
            {c.name}
          </Link>
          {c.official && <span className="badge text-bg-success ms-2">{t('official')}</span>}
        </>
      ),
    },
    { field: 'owner', label: t('fields.owner'), render: (c) => c.owner.name },
    {
      field: 'lessons',
      label: t('fields.lessons'),
      render: (c) => c.lessonCount,
      className: 'text-end',
    },
    {
      field: 'students',
      label: t('fields.students'),
      render: (c) => c.studentCount,
      className: 'text-end',
    },
    {
      field: 'updated_at',
      label: t('fields.updated'),
      sortable: true,
      render: (c) => formatDate(c.updatedAt),
    },
  ];
  return (
    <DataTable
      source={source}
      columns={columns}
      rowKey={(c) => c.uuid}
      caption={caption}
      initialSort={[{ field: 'updated_at', dir: 'desc' }]}
      testId="class-table"
    />
  );
}

export function ClassListPage() {
  const { t } = useTranslation('classroom');
  const { type } = useParams();
  if (!CLASS_LIST_TYPES.includes(type as ClassListType))
    return <Navigate to="/classroom/class" replace />;
  const kind = type as ClassListType;
  const title = t(`lists.${kind}.title`);
  return (
    <ClassroomShell screen="classList" title={title}>
      <ClassTable url={listUrls.classes(kind)} caption={title} />
    </ClassroomShell>
  );
}

export function MyEnrolledPage() {
  const { t } = useTranslation('classroom');
  return (
    <ClassroomShell
      screen="myEnrolled"
      actions={
        <Link to="/classroom/enroll" className="btn btn-primary">
          <i className="bi bi-key me-1" aria-hidden="true" />
          {t('enroll.action')}
        </Link>
      }
    >
      <ClassTable url={listUrls.enrolled()} caption={t('lists.enrolled.title')} />
    </ClassroomShell>
  );
}
