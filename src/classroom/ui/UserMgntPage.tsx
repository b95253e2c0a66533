// /classroom/user-mgnt: user management for admins (spec §7 "Users"): the data table of
// users (sort, Alt multi-sort, filter, pages), create a user, change a role, delete.
import { useId, useMemo, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client.ts';
import { confirm } from '../../shell/confirm.ts';
import GuardedModal from '../../shell/ui/GuardedModal.tsx';
import { ROLES, type Role, type User } from '../../contract/users.ts';
import { session } from '../../state/session.ts';
import { showToast } from '../../state/ui.ts';
import DataTable, { type Column } from '../../ui/data-table/DataTable.tsx';
import { serverSource } from '../../ui/data-table/table-source.ts';
import { listUrls } from '../classroom-api.ts';
import { isEmail } from '../emails.ts';
import { classroom } from '../runtime.ts';
import ClassroomShell, { Problem } from './ClassroomShell.tsx';
import { formatDate } from './format.ts';
import TextField from '../../ui/text-field/TextField.tsx';
import SaveFailed from './SaveFailed.tsx';
import IconButton from '../../ui/icon-button/IconButton.tsx';

function NewUserDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation('classroom');
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('user');
  const [tried, setTried] = useState(false);
  const [failed, setFailed] = useState(false);
  const emailBad = tried && email.trim() !== '' && !isEmail(email.trim());

  const create = async () => {
    setTried(true);
    if (!name.trim() || !isEmail(email.trim())) return;
    setFailed(false);
    try {
      await classroom.createUser({ email: email.trim().toLowerCase(), name: name.trim(), role });
      showToast('success', t('users.created', { email: email.trim() }));
      onCreated();
      onClose();
    } catch {
      setFailed(true);
    }
  };

  return (
    <GuardedModal
      show
      dirty={email !== '' || name !== ''}
      onHide={onClose}
      aria-labelledby="new-user-title"
    >
      <Modal.Header closeButton>
        <Modal.Title id="new-user-title">{t('users.newTitle')}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="d-flex flex-column gap-3">
        <TextField
          label={t('fields.email')}
          type="email"
          value={email}
          onChange={setEmail}
          maxLength={254}
          required
          showRequired={tried}
          autoFocus
        />
        {emailBad && <p className="text-danger small mb-0">{t('users.badEmail')}</p>}
        <TextField
          label={t('fields.name')}
          value={name}
          onChange={setName}
          maxLength={100}
          required
          showRequired={tried}
        />
        <div>
          <label className="form-label" htmlFor={roleId}>
            {t('fields.role')}
          </label>
          <select
            id={roleId}
            className="form-select"
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`users.roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        {failed && <SaveFailed />}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-primary" onClick={() => void create()}>
          {t('users.create')}
        </button>
      </Modal.Footer>
    </GuardedModal>
  );
}

function RoleSelect({ user, onChanged }: { user: User; onChanged: () => void }) {
  const { t } = useTranslation('classroom');
  const [role, setRole] = useState(user.role);
  const change = async (next: Role) => {
    const before = role;
    setRole(next);
    try {
      await classroom.setUserRole(user.id, next);
      showToast(
        'success',
        t('users.roleChanged', { email: user.email, role: t(`users.roles.${next}`) }),
      );
      onChanged();
    } catch {
      setRole(before);
    }
  };
  return (
    <select
      className="form-select form-select-sm w-auto"
      aria-label={t('users.roleOf', { email: user.email })}
      value={role}
      onChange={(e) => void change(e.target.value as Role)}
    >
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {t(`users.roles.${r}`)}
        </option>
      ))}
    </select>
  );
}

export default function UserMgntPage() {
  const { t } = useTranslation('classroom');
  const { isAdmin, user: me } = useSnapshot(session);
  const [version, setVersion] = useState(0);
  const [creating, setCreating] = useState(false);
  const source = useMemo(() => serverSource<User>(api, listUrls.users()), []);
  const reload = () => setVersion((v) => v + 1);

  const remove = async (user: User) => {
    if (!(await confirm(t('users.confirmDelete', { email: user.email })))) return;
    try {
      await classroom.deleteUser(user.id);
      showToast('success', t('users.deleted', { email: user.email }));
      reload();
    } catch {
      // shown by the API client
    }
  };

  const columns: Column<User>[] = [
    { field: 'name', label: t('fields.name'), sortable: true },
    { field: 'email', label: t('fields.email'), sortable: true },
    {
      field: 'role',
      label: t('fields.role'),
      sortable: true,
      render: (u) => <RoleSelect key={`${u.id}:${u.role}`} user={u} onChanged={reload} />,
    },
    {
      field: 'created_at',
      label: t('fields.created'),
      sortable: true,
      render: (u) => formatDate(u.createdAt),
    },
  ];

  return (
    <ClassroomShell
      screen="userMgnt"
      actions={
        isAdmin && (
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <i className="bi bi-person-plus me-1" aria-hidden="true" />
            {t('users.new')}
          </button>
        )
      }
    >
      {!isAdmin ? (
        <Problem title={t('users.adminsOnly')} />
      ) : (
        <DataTable
          source={source}
          columns={columns}
          rowKey={(u) => u.id}
          caption={t('screens:userMgnt.title')}
          initialSort={[{ field: 'created_at', dir: 'desc' }]}
          reloadKey={version}
          testId="user-table"
          actions={(u) =>
            u.email === me?.email ? null : (
              <IconButton
                icon="trash"
                className="btn btn-sm btn-outline-danger"
                aria-label={t('users.delete', { email: u.email })}
                onClick={() => void remove(u)}
              />
            )
          }
        />
      )}
      {creating && <NewUserDialog onClose={() => setCreating(false)} onCreated={reload} />}
    </ClassroomShell>
  );
}
