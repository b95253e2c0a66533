// The extensions screen (docs/extensions.md): official, community, mine and added lists,
// each with a search box (250 ms debounce), an order and pages; Add and Remove on every
// card. The query lives in the address (?type=&q=&order=&page=&per=), so Back and reload
// keep it.
import './extensions.css';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import {
  BROWSE_TYPES,
  EXTENSION_ORDERS,
  EXTENSION_SEARCH_MAX,
  type BrowseType,
  type ExtensionList,
  type ExtensionOrder,
} from '../../contract/extensions.ts';
import LoginPrompt from '../../remix/ui/LoginPrompt.tsx';
import Pager from '../../ui/pager/Pager.tsx';
import { pageParam, perPageParam, pick, useAddressPaging } from '../../ui/pager/address-paging.ts';
import { extensions } from '../../state/extensions.ts';
import { session } from '../../state/session.ts';
import { ui } from '../../state/ui.ts';
import ExtensionCard from './ExtensionCard.tsx';
import { useAddRemove } from './use-add-remove.ts';

type Load = { key: string; data: ExtensionList | null; failed: boolean };

export default function ExtensionsPage() {
  const { t } = useTranslation(['extensions', 'screens']);
  const title = t('screens:extensions.title');
  useDocumentTitle(title);
  const userId = useSnapshot(session).user?.id ?? null;
  const { offline } = useSnapshot(ui);
  const added = useSnapshot(extensions).added;
  const { params, query, order, page, perPage, typed, setTyped, update } =
    useAddressPaging<ExtensionOrder>(EXTENSION_ORDERS, 'updated');
  const type = pick<BrowseType>(params.get('type'), BROWSE_TYPES, 'official');

  const key = JSON.stringify([type, userId, query, order, page, perPage]);
  const [load, setLoad] = useState<Load | null>(null);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    if (!userId || offline) return;
    let current = true;
    void import('../extensions-service.ts')
      .then(({ extensionApi }) =>
        extensionApi.browse(type, query, { page, per_page: perPage, order }, { quiet: true }),
      )
      .then(
        (data) => current && setLoad({ key, data, failed: false }),
        () => current && setLoad({ key, data: null, failed: true }),
      );
    return () => {
      current = false;
    };
  }, [key, userId, offline, type, query, order, page, perPage, reload]);

  // The last answer stays on screen (dimmed) while the next one loads.
  const loading = load?.key !== key;
  const { busy, add, remove } = useAddRemove(() => setReload((n) => n + 1));
  const ids = { search: useId(), order: useId() };
  const addedIds = new Set(added.map((e) => e.uuid));

  return (
    <section className="container-xl py-3" aria-labelledby="screen-title" data-screen="extensions">
      <h1 id="screen-title" className="h3 mb-3">
        {title}
      </h1>
      <nav aria-label={t('tabs.label')}>
        <ul className="nav nav-tabs mb-3">
          {BROWSE_TYPES.map((tab) => (
            <li className="nav-item" key={tab}>
              <button
                type="button"
                className={`nav-link${tab === type ? ' active' : ''}`}
                aria-current={tab === type ? 'page' : undefined}
                onClick={() => update({ type: tab === 'official' ? null : tab, page: null })}
              >
                {t(`tabs.${tab}`)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {offline ? (
        <div className="alert alert-warning">{t('global:mapping.offline')}</div>
      ) : !userId ? (
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
                maxLength={EXTENSION_SEARCH_MAX}
                onChange={(e) => setTyped(e.target.value)}
              />
            </div>
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
                {EXTENSION_ORDERS.map((o) => (
                  <option key={o} value={o}>
                    {t(`order.${o}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {!load || (loading && !load.data) ? (
            <div className="text-center py-5" role="status">
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
              {t('common:loading')}
            </div>
          ) : (load.failed && !loading) || !load.data ? (
            <div className="alert alert-warning d-flex align-items-center gap-2">
              {t('loadFailed')}
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary ms-auto"
                onClick={() => setReload((n) => n + 1)}
              >
                {t('retry')}
              </button>
            </div>
          ) : (
            <div aria-busy={loading}>
              {load.data.data.length === 0 ? (
                <p className="text-body-secondary py-4 text-center">{t(`empty.${type}`)}</p>
              ) : (
                <ul
                  className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-3 list-unstyled"
                  aria-label={t(`tabs.${type}`)}
                >
                  {load.data.data.map((e) => (
                    <li className="col" key={e.uuid}>
                      <ExtensionCard
                        extension={e}
                        added={addedIds.has(e.uuid)}
                        busy={busy === e.uuid}
                        onAdd={() => void add(e.uuid)}
                        onRemove={() => void remove(e.uuid)}
                      />
                    </li>
                  ))}
                </ul>
              )}
              <Pager
                pagination={load.data.links.pagination}
                onPage={(p) => update({ page: pageParam(p) })}
                onPerPage={(n) => update({ per: perPageParam(n), page: null })}
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}
