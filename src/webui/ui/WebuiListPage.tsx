// /webui: the signed-in user's dashboards: create one with a name, open, rename, delete
// (after a confirmation). The empty state says what a dashboard is.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { confirm } from '../../shell/confirm.ts';
import Screen from '../../shell/ui/Screen.tsx';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import { DASHBOARD_NAME_MAX, type DashboardSummary } from '../../contract/webui.ts';
import { showToast } from '../../state/ui.ts';
import { webuiApi } from '../runtime.ts';
import './webui.css';

export default function WebuiListPage() {
  const { t, i18n } = useTranslation('webui');
  useDocumentTitle(t('title'));
  const navigate = useNavigate();
  const [list, setList] = useState<DashboardSummary[] | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<{ uuid: string; name: string } | null>(null);

  const load = useCallback(
    () =>
      webuiApi.list().then(
        (r) => setList(r.data),
        () => setList((l) => l ?? []),
      ),
    [],
  );
  useEffect(() => {
    let alive = true;
    webuiApi.list().then(
      (r) => alive && setList(r.data),
      () => alive && setList((l) => l ?? []),
    );
    return () => {
      alive = false;
    };
  }, []);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '' || busy) return;
    setBusy(true);
    try {
      const made = await webuiApi.create({ name: name.trim(), widgets: [] });
      void navigate(`/webui/${made.uuid}`);
    } catch {
      setBusy(false);
    }
  };

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (!renaming || renaming.name.trim() === '' || busy) return;
    setBusy(true);
    try {
      const current = await webuiApi.dashboard(renaming.uuid);
      await webuiApi.update(renaming.uuid, {
        name: renaming.name.trim(),
        widgets: current.widgets,
      });
      setRenaming(null);
      await load();
    } catch {
      // The toast said why; the form stays open.
    } finally {
      setBusy(false);
    }
  };

  const remove = async (d: DashboardSummary) => {
    if (!(await confirm(t('list.confirmDelete', { name: d.name })))) return;
    try {
      await webuiApi.remove(d.uuid);
      showToast('success', t('list.deleted'));
      await load();
    } catch {
      // The toast said why.
    }
  };

  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  return (
    <Screen titleId="webui-title" title={t('title')} intro={t('intro')} width="fixed">
      <form
        className="d-flex flex-wrap gap-2 align-items-end mb-4"
        onSubmit={(e) => void create(e)}
      >
        <div>
          <label htmlFor="webui-new-name" className="form-label">
            {t('create.label')}
          </label>
          <input
            id="webui-new-name"
            className="form-control"
            value={name}
            maxLength={DASHBOARD_NAME_MAX}
            required
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || name.trim() === ''}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('create.submit')}
        </button>
      </form>
      {list !== null && list.length === 0 && (
        <p className="webui-empty border rounded p-3" data-testid="webui-empty">
          {t('empty')}
        </p>
      )}
      {list !== null && list.length > 0 && (
        <div className="table-responsive">
          <table className="table align-middle">
            <caption className="visually-hidden">{t('list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('list.name')}</th>
                <th scope="col">{t('list.widgets')}</th>
                <th scope="col">{t('list.updated')}</th>
                <th scope="col">{t('list.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((d) => (
                <tr key={d.uuid}>
                  <td>
                    {renaming?.uuid === d.uuid ? (
                      <form className="d-flex gap-2" onSubmit={(e) => void rename(e)}>
                        <input
                          className="form-control form-control-sm"
                          aria-label={t('list.renameLabel', { name: d.name })}
                          value={renaming.name}
                          maxLength={DASHBOARD_NAME_MAX}
                          required
                          autoFocus
                          onChange={(e) => setRenaming({ uuid: d.uuid, name: e.target.value })}
                        />
                        <button type="submit" className="btn btn-sm btn-primary" disabled={busy}>
                          {t('list.save')}
                        </button>
                        <button
                          type="button"
                          className="btn btn-sm btn-outline-secondary"
                          onClick={() => setRenaming(null)}
                        >
                          {t('list.cancel')}
                        </button>
                      </form>
                    ) : (
                      <>
                        <Link to={`/webui/${d.uuid}`}>{d.name}</Link>
                        {d.shared && (
                          <span className="badge text-bg-info ms-2">{t('list.shared')}</span>
                        )}
                      </>
                    )}
                  </td>
                  <td>{d.widgetCount}</td>
                  <td>{date(d.updatedAt)}</td>
                  <td>
                    <div className="d-flex flex-wrap gap-2">
                      <Link className="btn btn-sm btn-outline-primary" to={`/webui/${d.uuid}`}>
                        {t('list.open')}
                        <span className="visually-hidden"> {d.name}</span>
                      </Link>
                      <RowAction
                        variant="secondary"
                        label={t('list.rename')}
                        name={d.name}
                        onClick={() => setRenaming({ uuid: d.uuid, name: d.name })}
                      />
                      <RowAction
                        variant="danger"
                        label={t('list.delete')}
                        name={d.name}
                        onClick={() => void remove(d)}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Screen>
  );
}

/** A row's action button; screen readers hear the dashboard's name after its label. */
function RowAction(props: {
  variant: 'secondary' | 'danger';
  label: string;
  name: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`btn btn-sm btn-outline-${props.variant}`}
      onClick={props.onClick}
    >
      {props.label}
      <span className="visually-hidden"> {props.name}</span>
    </button>
  );
}
