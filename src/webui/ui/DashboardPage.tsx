// /webui/{uuid}: one of the user's dashboards. Edit mode changes its name and widgets and
// saves them; run mode shows the saved widgets live on the broker. Share controls sit above
// both. Leaving with unsaved changes asks first.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useParams } from 'react-router-dom';
import { confirm } from '../../shell/confirm.ts';
import Screen from '../../shell/ui/Screen.tsx';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import type { Dashboard, Widget } from '../../contract/webui.ts';
import { showToast } from '../../state/ui.ts';
import { dashboardInput, sameDashboard, widgetProblems } from '../dashboard-editor.ts';
import { webuiApi } from '../runtime.ts';
import DashboardEditor from './DashboardEditor.tsx';
import DashboardPending from './DashboardPending.tsx';
import DashboardRun from './DashboardRun.tsx';
import SharePanel from './SharePanel.tsx';
import './webui.css';

type Mode = 'edit' | 'run';

export default function DashboardPage() {
  const { t } = useTranslation('webui');
  const { uuid = '' } = useParams();
  // What was loaded, for which dashboard (a new uuid shows nothing until it loads).
  const [loaded, setLoaded] = useState<{ uuid: string; failure: string | null } | null>(null);
  const [saved, setSaved] = useState<Dashboard | null>(null);
  const [name, setName] = useState('');
  const [widgets, setWidgets] = useState<Widget[]>([]);
  const [mode, setMode] = useState<Mode>('edit');
  const [root, setRoot] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const current = loaded?.uuid === uuid ? loaded : null;
  const dashboard = current && saved?.uuid === uuid ? saved : null;
  const failure = current?.failure ?? null;
  useDocumentTitle(dashboard ? `${dashboard.name} · ${t('title')}` : t('title'));

  const setDashboard = (d: Dashboard) => setSaved(d);

  useEffect(() => {
    let alive = true;
    webuiApi.dashboard(uuid, { quiet: true }).then(
      (d) => {
        if (!alive) return;
        setSaved(d);
        setName(d.name);
        setWidgets(d.widgets);
        setMode(d.widgets.length > 0 ? 'run' : 'edit');
        setSaveError(null);
        setLoaded({ uuid, failure: null });
      },
      (e: unknown) =>
        alive && setLoaded({ uuid, failure: e instanceof Error ? e.message : String(e) }),
    );
    // The namespace for the full-topic hints; without a broker the hints stay relative.
    webuiApi.broker({ quiet: true }).then(
      (g) => alive && setRoot(g.root),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [uuid]);

  const draft = dashboardInput(name, widgets);
  const dirty =
    dashboard !== null && !sameDashboard(draft, dashboardInput(dashboard.name, dashboard.widgets));
  const invalid = name.trim() === '' || widgets.some((w) => widgetProblems(w).length > 0);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm(t('editor.leave')).then((ok) => {
      if (ok) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, t]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  /** Saves the draft; true when the server kept it. */
  const save = async (): Promise<boolean> => {
    if (!dashboard) return false;
    if (invalid) {
      setSaveError(t('editor.fix'));
      return false;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const saved = await webuiApi.update(dashboard.uuid, draft, { quiet: true });
      setDashboard(saved);
      setName(saved.name);
      setWidgets(saved.widgets);
      showToast('success', t('editor.saved'));
      return true;
    } catch (e) {
      setSaveError(e instanceof Error ? e.message : String(e));
      return false;
    } finally {
      setSaving(false);
    }
  };

  const switchTo = async (next: Mode) => {
    if (next === mode) return;
    // Run mode shows what is saved: unsaved changes are saved first.
    if (next === 'run' && dirty && !(await save())) return;
    setMode(next);
  };

  if (failure !== null || !dashboard) {
    return (
      <DashboardPending failure={failure}>
        <Link to="/webui">{t('back')}</Link>
      </DashboardPending>
    );
  }

  return (
    <Screen titleId="webui-title" title={dashboard.name}>
      <nav className="mb-3" aria-label={t('title')}>
        <Link to="/webui">
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {t('back')}
        </Link>
      </nav>
      <SharePanel dashboard={dashboard} onChange={setDashboard} />
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <div className="btn-group" role="group" aria-label={t('mode.label')}>
          {(['edit', 'run'] as const).map((m) => (
            <button
              key={m}
              type="button"
              className={`btn ${mode === m ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={mode === m}
              disabled={saving}
              onClick={() => void switchTo(m)}
            >
              <i
                className={`bi bi-${m === 'edit' ? 'pencil' : 'play-fill'} me-1`}
                aria-hidden="true"
              />
              {t(`mode.${m}`)}
            </button>
          ))}
        </div>
        {mode === 'edit' && (
          <>
            <button
              type="button"
              className="btn btn-success"
              disabled={saving || !dirty}
              onClick={() => void save()}
            >
              <i className="bi bi-save me-1" aria-hidden="true" />
              {saving ? t('editor.saving') : t('editor.save')}
            </button>
            {dirty && <span className="text-body-secondary">{t('editor.unsaved')}</span>}
          </>
        )}
      </div>
      {saveError !== null && (
        <p className="alert alert-danger" role="alert">
          {saveError}
        </p>
      )}
      {mode === 'edit' ? (
        <DashboardEditor
          name={name}
          widgets={widgets}
          root={root}
          onName={setName}
          onWidgets={setWidgets}
        />
      ) : (
        <DashboardRun widgets={dashboard.widgets} share={null} />
      )}
    </Screen>
  );
}
