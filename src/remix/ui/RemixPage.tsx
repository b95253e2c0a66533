// /remix: my projects, my catalogs, shared projects (default) and shared catalogs, each with
// a search box (250 ms debounce), an order, and pages. The list's query lives in the
// address (?q=&order=&page=&per=&type=), so Back and reload keep it. Signed out, a visitor
// browses the shared lists (published projects, catalogs); their own lists ask for sign-in.
import './remix.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate, useNavigation } from 'react-router-dom';
import { useSnapshot, type Snapshot } from 'valtio';
import {
  CATALOG_ORDERS,
  MY_PROJECT_TYPES,
  PROJECT_ORDERS,
  type Catalog,
  type CatalogOrder,
  type MyProjectType,
  type Project,
  type ProjectOrder,
} from '../../contract/projects.ts';
import type { ScreenId } from '../../shell/screens.ts';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import {
  askProjectDetails,
  loadList,
  projectApi,
  projectLists,
  type ListEntry,
} from '../../project/index.ts';
import { session } from '../../state/session.ts';
import { CardGrid, CatalogCard, ProjectCard } from './cards.tsx';
import LoginPrompt from '../../ui/login-prompt/LoginPrompt.tsx';
import ListToolbar from '../../ui/pager/ListToolbar.tsx';
import PagedList from '../../ui/pager/PagedList.tsx';
import { pick, useAddressPaging } from '../../ui/pager/address-paging.ts';

type RemixScreen = Extract<
  ScreenId,
  'remixMyProjects' | 'remixMyCatalogs' | 'remixProjects' | 'remixCatalogs'
>;

const TABS: { screen: RemixScreen; path: string; label: string }[] = [
  { screen: 'remixMyProjects', path: '/remix/my-projects', label: 'tabs.myProjects' },
  { screen: 'remixMyCatalogs', path: '/remix/my-catalogs', label: 'tabs.myCatalogs' },
  { screen: 'remixProjects', path: '/remix/projects', label: 'tabs.projects' },
  { screen: 'remixCatalogs', path: '/remix/catalogs', label: 'tabs.catalogs' },
];

const isCatalogs = (screen: RemixScreen) =>
  screen === 'remixMyCatalogs' || screen === 'remixCatalogs';

export default function RemixPage({ screen }: { screen: RemixScreen }) {
  const { t } = useTranslation(['remix', 'screens']);
  const navigate = useNavigate();
  const title = t(`screens:${screen}.title`);
  useDocumentTitle(title);
  const userId = useSnapshot(session).user?.id ?? null;
  const catalogs = isCatalogs(screen);
  const orders: readonly string[] = catalogs ? CATALOG_ORDERS : PROJECT_ORDERS;
  // A result clicked while the debounce runs wins: never turn its navigation back.
  const navigating = useNavigation().state !== 'idle';
  const { params, query, order, page, perPage, typed, setTyped, update, pager } = useAddressPaging(
    orders,
    'updated',
    navigating,
  );
  const type = pick<MyProjectType>(params.get('type'), MY_PROJECT_TYPES, 'all');

  const own = screen === 'remixMyProjects' || screen === 'remixMyCatalogs';
  const key = JSON.stringify([screen, userId, query, order, page, perPage, type]);
  useEffect(() => {
    if (own && !userId) return;
    const q = { query: query || undefined, page, per_page: perPage };
    void loadList(key, () => {
      switch (screen) {
        case 'remixProjects':
          return projectApi.browseProjects({ ...q, order: order as ProjectOrder });
        case 'remixMyProjects':
          // My published projects have their own list (spec core §4: /projects/my-published).
          return type === 'published'
            ? projectApi.myPublished({ ...q, order: order as ProjectOrder })
            : projectApi.myProjects(type, { ...q, order: order as ProjectOrder });
        case 'remixCatalogs':
          return projectApi.browseCatalogs({ ...q, order: order as CatalogOrder });
        case 'remixMyCatalogs':
          return projectApi.myCatalogs({ ...q, order: order as CatalogOrder });
      }
    });
  }, [key, own, userId, screen, query, order, page, perPage, type]);

  const entry = useSnapshot(projectLists).byKey[key];

  async function newCatalog() {
    const details = await askProjectDetails('newCatalog', { name: '', headerImage: '', desc: '' });
    if (!details) return;
    const created = await projectApi.createCatalog(details).catch(() => null);
    if (created) void navigate(`/catalog/${created.uuid}`);
  }

  return (
    <section className="container-xl py-3" aria-labelledby="screen-title" data-screen={screen}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="screen-title" className="h3 mb-0 me-auto">
          {title}
        </h1>
        {screen === 'remixMyCatalogs' && userId && (
          <button type="button" className="btn btn-primary" onClick={() => void newCatalog()}>
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('newCatalog')}
          </button>
        )}
      </div>
      <nav aria-label={t('tabs.label')}>
        <ul className="nav nav-tabs mb-3">
          {TABS.map((tab) => (
            <li className="nav-item" key={tab.screen}>
              <NavLink to={tab.path} className="nav-link">
                {t(tab.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {own && !userId ? (
        <LoginPrompt text={t('loginToSeeOwn')} />
      ) : (
        <>
          <ListToolbar
            search={{
              label: t('search'),
              placeholder: t('searchPlaceholder'),
              value: typed,
              maxLength: 200,
              onChange: setTyped,
            }}
            choices={[
              ...(screen === 'remixMyProjects'
                ? [
                    {
                      label: t('type.label'),
                      value: type,
                      options: MY_PROJECT_TYPES.map((o) => ({ value: o, label: t(`type.${o}`) })),
                      onChange: (v: string) => update({ type: v, page: null }),
                    },
                  ]
                : []),
              {
                label: t('order.label'),
                value: order,
                options: orders.map((o) => ({ value: o, label: t(`order.${o}`) })),
                onChange: (o) => update({ order: o, page: null }),
              },
            ]}
          />
          <ListBody
            catalogs={catalogs}
            showState={screen === 'remixMyProjects'}
            entry={entry}
            onRetry={() => update({})}
            onPage={pager.setPage}
            onPerPage={pager.setPerPage}
          />
        </>
      )}
    </section>
  );
}

interface ListBodyProps {
  catalogs: boolean;
  showState: boolean;
  entry: Snapshot<ListEntry> | undefined;
  onRetry: () => void;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

function ListBody({ catalogs, showState, entry, onRetry, onPage, onPerPage }: ListBodyProps) {
  const { t } = useTranslation('remix');
  const data = entry?.data?.data ?? [];
  return (
    <PagedList
      pending={!entry || (entry.loading && !entry.data)}
      failed={entry?.failed === true || !entry?.data}
      busy={entry?.loading === true}
      emptyText={data.length > 0 ? null : catalogs ? t('empty.catalogs') : t('empty.projects')}
      failedText={t('loadFailed')}
      retryText={t('retry')}
      onRetry={onRetry}
      pagination={entry?.data?.links.pagination}
      onPage={onPage}
      onPerPage={onPerPage}
    >
      <CardGrid label={catalogs ? t('tabs.catalogs') : t('tabs.projects')}>
        {data.map((item) => (
          <li className="col" key={item.uuid}>
            {catalogs ? (
              <CatalogCard catalog={item as Catalog} />
            ) : (
              <ProjectCard project={item as Project} showState={showState} />
            )}
          </li>
        ))}
      </CardGrid>
    </PagedList>
  );
}
