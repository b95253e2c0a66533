// A class's people: teachers (every member reads them) and students (teachers only), each in
// the data table. The owner adds and removes teachers, teachers add and remove students:
// several e-mail addresses at once, checked before anything is sent.
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { confirm } from '../../shell/confirm.ts';
import type { Class, Person, PersonType } from '../../contract/classroom.ts';
import { showToast } from '../../state/ui.ts';
import DataTable, { type Column } from '../../ui/data-table/DataTable.tsx';
import { serverSource } from '../../ui/data-table/table-source.ts';
import { listUrls } from '../classroom-api.ts';
import { parseEmails } from '../emails.ts';
import { classCache, classroom } from '../runtime.ts';
import { formatDate } from './format.ts';
import IconButton from '../../ui/icon-button/IconButton.tsx';

function AddPeople({
  klass,
  type,
  onAdded,
}: {
  klass: Class;
  type: PersonType;
  onAdded: () => void;
}) {
  const { t } = useTranslation('classroom');
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    const parsed = parseEmails(text);
    if (text.trim() === '') return setProblem(t('writeSomething'));
    if (parsed.invalid.length > 0)
      return setProblem(t('people.invalid', { list: parsed.invalid.join(', ') }));
    if (parsed.tooMany) return setProblem(t('people.tooMany'));
    setProblem(null);
    setBusy(true);
    try {
      const result = await classroom.addPeople(klass.uuid, type, parsed.valid);
      setText('');
      showToast(
        'success',
        t('people.added', { count: result.added.length }) +
          (result.skipped.length
            ? ` ${t('people.skipped', { count: result.skipped.length })}`
            : ''),
      );
      onAdded();
    } catch {
      // shown by the API client; the addresses stay in the box
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t(`people.add.${type}`)}
      </label>
      <div className="d-flex gap-2 align-items-start">
        <textarea
          id={id}
          className={`form-control${problem ? ' is-invalid' : ''}`}
          rows={2}
          value={text}
          placeholder={t('people.placeholder')}
          aria-describedby={`${id}-help`}
          onChange={(e) => setText(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-primary text-nowrap"
          disabled={busy}
          onClick={() => void add()}
        >
          {t('people.addButton')}
        </button>
      </div>
      {problem ? (
        <div id={`${id}-help`} className="invalid-feedback d-block" role="alert">
          {problem}
        </div>
      ) : (
        <div id={`${id}-help`} className="form-text">
          {t('people.help')}
        </div>
      )}
    </div>
  );
}

function PeopleList({ klass, type, manage }: { klass: Class; type: PersonType; manage: boolean }) {
  const { t } = useTranslation('classroom');
  const [version, setVersion] = useState(0);
  const source = useMemo(
    () => serverSource<Person>(api, listUrls.people(klass.uuid, type)),
    [klass.uuid, type],
  );
  const changed = () => {
    setVersion((v) => v + 1);
    void classCache.load(klass.uuid, { force: true });
  };

  const remove = async (person: Person) => {
    if (!(await confirm(t(`people.confirmRemove.${type}`, { email: person.email })))) return;
    try {
      await classroom.removePeople(klass.uuid, type, [person.email]);
      showToast('success', t('people.removed', { email: person.email }));
      changed();
    } catch {
      // shown by the API client
    }
  };

  const columns: Column<Person>[] = [
    {
      field: 'name',
      label: t('fields.name'),
      sortable: true,
      render: (p) => (
        <>
          {p.name || <span className="text-body-secondary">{t('people.noAccount')}</span>}
          {p.isOwner && <span className="badge text-bg-secondary ms-2">{t('role.owner')}</span>}
        </>
      ),
    },
    { field: 'email', label: t('fields.email'), sortable: true },
    {
      field: 'added_at',
      label: t('fields.added'),
      sortable: true,
      render: (p) => formatDate(p.addedAt),
    },
  ];
  const title = t(`people.${type}s`);
  return (
    <section className="mb-4" aria-labelledby={`people-${type}`} data-testid={`people-${type}`}>
      <h2 id={`people-${type}`} className="h5">
        {title}
      </h2>
      {manage && <AddPeople klass={klass} type={type} onAdded={changed} />}
      <DataTable
        source={source}
        columns={columns}
        rowKey={(p) => p.email}
        caption={title}
        initialSort={[{ field: 'name', dir: 'asc' }]}
        reloadKey={version}
        actions={
          manage
            ? (p) =>
                p.isOwner ? null : (
                  <IconButton
                    icon="person-x"
                    className="btn btn-sm btn-outline-danger"
                    aria-label={t('people.remove', { email: p.email })}
                    onClick={() => void remove(p)}
                  />
                )
            : undefined
        }
      />
    </section>
  );
}

export default function PeopleTab({ klass }: { klass: Class }) {
  const p = klass.permissions;
  return (
    <>
      <PeopleList klass={klass} type="teacher" manage={p.manageTeachers} />
      {(p.manageStudents || p.grade) && (
        <PeopleList klass={klass} type="student" manage={p.manageStudents} />
      )}
    </>
  );
}
