// /webui/shared/{token}: a dashboard someone shared, read only and without sign-in. The
// widgets follow the broker live; nothing here can send. A link that was turned off (now or
// while watching) says so.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Screen from '../../shell/ui/Screen.tsx';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import type { SharedDashboard } from '../../contract/webui.ts';
import { webuiApi } from '../runtime.ts';
import DashboardPending from './DashboardPending.tsx';
import DashboardRun from './DashboardRun.tsx';
import './webui.css';

export default function SharedDashboardPage() {
  const { t } = useTranslation('webui');
  const { token = '' } = useParams();
  const [loaded, setLoaded] = useState<{
    token: string;
    dashboard: SharedDashboard | null;
    gone: boolean;
    failure: string | null;
  } | null>(null);
  const current = loaded?.token === token ? loaded : null;
  const dashboard = current?.dashboard ?? null;
  const gone = current?.gone ?? false;
  const failure = current?.failure ?? null;
  useDocumentTitle(dashboard ? `${dashboard.name} · ${t('title')}` : t('title'));

  useEffect(() => {
    let alive = true;
    webuiApi.shared(token, { quiet: true }).then(
      (d) => alive && setLoaded({ token, dashboard: d, gone: false, failure: null }),
      (e: unknown) => {
        if (!alive) return;
        const code = e && typeof e === 'object' && 'code' in e ? e.code : null;
        // A token of the wrong shape is refused before the lookup: it is a dead link too.
        const dead = code === 'shared_dashboard_not_found' || code === 'bad_request';
        const message = e instanceof Error ? e.message : String(e);
        setLoaded({ token, dashboard: null, gone: dead, failure: dead ? null : message });
      },
    );
    return () => {
      alive = false;
    };
  }, [token]);

  const markGone = useCallback(
    () => setLoaded({ token, dashboard: null, gone: true, failure: null }),
    [token],
  );

  if (gone || failure !== null || !dashboard) {
    return (
      <DashboardPending failure={gone ? t('shared.gone') : failure} testId="webui-shared-gone" />
    );
  }
  return (
    <Screen titleId="webui-title" title={dashboard.name} intro={t('shared.readOnly')}>
      <DashboardRun widgets={dashboard.widgets} share={token} onGone={markGone} />
    </Screen>
  );
}
