// /remix: my projects, my catalogs, shared projects (default) and shared catalogs, each with
// a search box (250 ms debounce), an order, and pages. The list's query lives in the
// address (?q=&order=&page=&per=&type=), so Back and reload keep it.
import './remix.css';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useNavigate, useNavigation, useSearchParams } from 'react-router-dom';
import { useSnapshot, type Snapshot } from 'valtio';
import {
  CATALOG_ORDERS,
  DEFAULT_PAGE_SIZE,
  MY_PROJECT_TYPES,
  PAGE_SIZES,
  PROJECT_ORDERS,
  type Catalog,
  type CatalogOrder,
  type MyProjectType,
  type Project,
  type ProjectOrder,
} from '../contract/projects.ts';
import type { ScreenId } from '../app/screens.ts';
import { useDocumentTitle } from '../app/use-document-title.ts';
import { askProjectDetails } from '../project/project-dialog.ts';
import { loadList, projectLists, type ListEntry } from '../project/project-lists.ts';
import { projectApi } from '../project/projects-service.ts';
import { session } from '../state/session.ts';
import { CardGrid, CatalogCard, ProjectCard } from './ui/cards.tsx';
import LoginPrompt from './ui/LoginPrompt.tsx';
import Pager from '../ui/pager/Pager.tsx';
import { useDebouncedValue } from '../ui/use-debounced-value.ts';

export type RemixScreen = Extract<
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

function pick<T extends string>(value: string | null, options: readonly T[], fallback: T): T {
  return options.find((o) => o === value) ?? fallback;
}

function positive(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

export default function RemixPage({ screen }: { screen: RemixScreen }) {
  const { t } = useTranslation(['remix', 'screens']);
  const navigate = useNavigate();
  const title = t(`screens:${screen}.title`);
  useDocumentTitle(title);
  const userId = useSnapshot(session).user?.id ?? null;
  const [params, setParams] = useSearchParams();
  const catalogs = isCatalogs(screen);
  const orders: readonly string[] = catalogs ? CATALOG_ORDERS : PROJECT_ORDERS;

  const query = params.get('q') ?? '';
  const order = pick(params.get('order'), orders, 'updated');
  const page = positive(params.get('page'), 1);
  const perPage = PAGE_SIZES.find((s) => s === Number(params.get('per'))) ?? DEFAULT_PAGE_SIZE;
  const type = pick<MyProjectType>(params.get('type'), MY_PROJECT_TYPES, 'all');

  // The search box answers at once; the list follows 250 ms after the typing stops.
  const [typed, setTyped] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    setShownQuery(query);
    setTyped(query);
  }
  const settled = useDebouncedValue(typed);

  const update = (changes: Record<string, string | null>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  };

  // A result clicked while the debounce runs wins: never turn its navigation back.
  const navigating = useNavigation().state !== 'idle';
  useEffect(() => {
    if (settled === query || navigating) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (settled) next.set('q', settled);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [settled, query, setParams, navigating]);

  const key = JSON.stringify([screen, userId, query, order, page, perPage, type]);
  useEffect(() => {
    if (!userId) return;
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
  }, [key, userId, screen, query, order, page, perPage, type]);

  const entry = useSnapshot(projectLists).byKey[key];
  const ids = { search: useId(), order: useId(), type: useId() };

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
      {!userId ? (
        <LoginPrompt />
      ) : (
        <>
          <div className="row g-2 align-items-end mb-3">
            <div className="col-md">
              <label className="form-label small mb-1" htmlFor={ids.search}>
                {t('search')}
              </label>
              <input
                id={ids.search}
                type="search"
                className="form-control"
                placeholder={t('searchPlaceholder')}
                value={typed}
                maxLength={200}
                onChange={(e) => setTyped(e.target.value)}
              />
            </div>
            {screen === 'remixMyProjects' && (
              <div className="col-auto">
                <label className="form-label small mb-1" htmlFor={ids.type}>
                  {t('type.label')}
                </label>
                <select
                  id={ids.type}
                  className="form-select"
                  value={type}
                  onChange={(e) => update({ type: e.target.value, page: null })}
                >
                  {MY_PROJECT_TYPES.map((o) => (
                    <option key={o} value={o}>
                      {t(`type.${o}`)}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className="col-auto">
              <label className="form-label small mb-1" htmlFor={ids.order}>
                {t('order.label')}
              </label>
              <select
                id={ids.order}
                className="form-select"
                value={order}
                onChange={(e) => update({ order: e.target.value, page: null })}
              >
                {orders.map((o) => (
                  <option key={o} value={o}>
                    {t(`order.${o}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <ListBody
            catalogs={catalogs}
            showState={screen === 'remixMyProjects'}
            entry={entry}
            onRetry={() => update({})}
            onPage={(p) => update({ page: p > 1 ? String(p) : null })}
            onPerPage={(n) =>
              update({ per: n === DEFAULT_PAGE_SIZE ? null : String(n), page: null })
            }
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
  if (!entry || (entry.loading && !entry.data)) {
    return (
      <div className="text-center py-5" role="status">
        <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
        {t('common:loading')}
      </div>
    );
  }
  if (entry.failed || !entry.data) {
    return (
      <div className="alert alert-warning d-flex align-items-center gap-2">
        {t('loadFailed')}
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary ms-auto"
          onClick={onRetry}
        >
          {t('retry')}
        </button>
      </div>
    );
  }
  const { data, links } = entry.data;
  const label = catalogs ? t('tabs.catalogs') : t('tabs.projects');
  return (
    <div aria-busy={entry.loading}>
      {data.length === 0 ? (
        <p className="text-body-secondary py-4 text-center">
          {catalogs ? t('empty.catalogs') : t('empty.projects')}
        </p>
      ) : (
        <CardGrid label={label}>
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
      )}
      <Pager pagination={links.pagination} onPage={onPage} onPerPage={onPerPage} />
    </div>
  );
}
