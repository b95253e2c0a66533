// The extensions screen (docs/extensions.md): official, community, mine and added lists,
// each with a search box (250 ms debounce), an order and pages; Add and Remove on every
// card. The query lives in the address (?type=&q=&order=&page=&per=), so Back and reload
// keep it.
import './extensions.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import {
  BROWSE_TYPES,
  EXTENSION_ORDERS,
  EXTENSION_SEARCH_MAX,
  type BrowseType,
  type ExtensionList,
  type ExtensionOrder,
} from '../../contract/extensions.ts';
import LoginPrompt from '../../ui/login-prompt/LoginPrompt.tsx';
import ListToolbar from '../../ui/pager/ListToolbar.tsx';
import PagedList from '../../ui/pager/PagedList.tsx';
import { pick, useAddressPaging } from '../../ui/pager/address-paging.ts';
import { extensions } from '../../state/extensions.ts';
import { session } from '../../state/session.ts';
import { ui } from '../../state/ui.ts';
import ExtensionCard from './ExtensionCard.tsx';
import { useAddRemove } from './use-add-remove.ts';

type Load = { key: string; data: ExtensionList | null; failed: boolean };

export default function ExtensionsPage() {
  const { t } = useTranslation(['extensions', 'screens', 'remix']);
  const title = t('screens:extensions.title');
  useDocumentTitle(title);
  const userId = useSnapshot(session).user?.id ?? null;
  const { offline } = useSnapshot(ui);
  const added = useSnapshot(extensions).added;
  const { params, query, order, page, perPage, typed, setTyped, update, pager } =
    useAddressPaging<ExtensionOrder>(EXTENSION_ORDERS, 'updated');
  const type = pick<BrowseType>(params.get('type'), BROWSE_TYPES, 'official');

  const key = JSON.stringify([type, userId, query, order, page, perPage]);
  const [load, setLoad] = useState<Load | null>(null);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    if (!userId || offline) return;
    let current = true;
    void import('../runtime.ts')
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
        <LoginPrompt text={t('remix:loginToSee')} />
      ) : (
        <>
          <ListToolbar
            search={{
              label: t('search'),
              placeholder: t('searchPlaceholder'),
              value: typed,
              maxLength: EXTENSION_SEARCH_MAX,
              onChange: setTyped,
            }}
            choices={[
              {
                label: t('order.label'),
                value: order,
                options: EXTENSION_ORDERS.map((o) => ({ value: o, label: t(`order.${o}`) })),
                onChange: (o) => update({ order: o, page: null }),
              },
            ]}
          />
          <PagedList
            pending={!load || (loading && !load.data)}
            failed={(load?.failed === true && !loading) || !load?.data}
            busy={loading}
            emptyText={load?.data?.data.length === 0 ? t(`empty.${type}`) : null}
            failedText={t('loadFailed')}
            retryText={t('retry')}
            onRetry={() => setReload((n) => n + 1)}
            pagination={load?.data?.links.pagination}
            onPage={pager.setPage}
            onPerPage={pager.setPerPage}
          >
            <ul
              className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-3 list-unstyled"
              aria-label={t(`tabs.${type}`)}
            >
              {load?.data?.data.map((e) => (
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
          </PagedList>
        </>
      )}
    </section>
  );
}
