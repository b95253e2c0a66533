// What both item pages (a project, a catalog) set up alike: the item's uuid from the
// address, the signed-in user (or none: visitors read published items), the item loaded
// again whenever either changes (or `reload` moves on), and the tab titled after it.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import { session } from '../../state/session.ts';
import { useLoader } from '../loader.ts';

export function useItemPage<T extends { name: string }>(
  screen: 'project' | 'catalog',
  /** Stable (module-level): fetches the item quietly; the page shows the failure itself. */
  load: (uuid: string) => Promise<T>,
  reload = 0,
) {
  const { t } = useTranslation(['remix', 'screens']);
  const { uuid = '' } = useParams();
  const navigate = useNavigate();
  const userId = useSnapshot(session).user?.id ?? null;
  const loader = useLoader<T>();
  const { data, error, loading } = useSnapshot(loader.state);
  useDocumentTitle(data?.name ?? t(`screens:${screen}.title`));
  useEffect(() => {
    void loader.run(() => load(uuid));
  }, [loader, load, uuid, userId, reload]);
  return { t, uuid, navigate, userId, loader, data, error, loading };
}
