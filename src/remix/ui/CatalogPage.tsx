// /catalog/{uuid}: a catalog's description and its projects (search, pages); its owner adds
// projects (from their own), removes them, edits the details or deletes the catalog.
import './remix.css';
import { useEffect, useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { imageSrc, type Catalog, type ProjectList } from '../../contract/projects.ts';
import { confirm } from '../../shell/confirm.ts';
import { askProjectDetails, projectApi } from '../../project/index.ts';
import Markdown from '../../ui/markdown/Markdown.tsx';
import { showToast } from '../../state/ui.ts';
import { useLoader } from '../loader.ts';
import { ProjectGrid } from './cards.tsx';
import ItemScreen from './ItemScreen.tsx';
import { useItemPage } from './use-item-page.ts';
import { ONE_ORDER, useAddressPaging } from '../../ui/pager/address-paging.ts';
import SearchBox from '../../ui/pager/SearchBox.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import IconButton from '../../ui/icon-button/IconButton.tsx';

const loadCatalog = (uuid: string) => projectApi.getCatalog(uuid, { quiet: true });

export default function CatalogPage({ screen }: { screen: 'catalog' }) {
  const [picking, setPicking] = useState(false);
  const [changes, setChanges] = useState(0);
  const {
    t,
    uuid,
    navigate,
    loader,
    data: catalog,
    error,
    loading,
  } = useItemPage('catalog', loadCatalog, changes);

  const current = loader.state.data;
  async function edit() {
    if (!current) return;
    const details = await askProjectDetails('editCatalog', {
      name: current.name,
      headerImage: current.headerImage,
      desc: current.desc,
    });
    if (!details) return;
    const saved = await projectApi.updateCatalog(uuid, details).catch(() => null);
    if (saved) loader.set(saved);
  }
  async function remove() {
    if (!current) return;
    if (!(await confirm(t('catalog.confirmDelete', { name: current.name })))) return;
    if (await projectApi.deleteCatalog(uuid).catch(() => null)) {
      showToast('success', t('catalog.deleted'));
      void navigate('/remix/my-catalogs');
    }
  }
  async function removeProject(project: string) {
    if (await projectApi.removeFromCatalog(uuid, project).catch(() => null)) {
      setChanges((n) => n + 1);
    }
  }

  return (
    <ItemScreen
      screen={screen}
      banner={catalog ? imageSrc(catalog.headerImage) : null}
      title={catalog?.name ?? t('screens:catalog.title')}
      loading={loading}
      errorText={
        error === null
          ? null
          : error === 'catalog_not_found'
            ? t('catalog.notFound')
            : t('loadFailed')
      }
    >
      {catalog &&
        (() => (
          <>
            <p className="text-body-secondary mb-2">
              {t('project.by', { name: catalog.author.name || t('card.anonymous') })}
            </p>
            {catalog.isEditable && (
              <div
                className="d-flex flex-wrap gap-2 mb-3 p-2 border rounded bg-body-tertiary"
                role="group"
                aria-label={t('project.ownerTools')}
              >
                <IconButton
                  icon="plus-lg"
                  className="btn btn-sm btn-primary"
                  onClick={() => setPicking(true)}
                >
                  {t('catalog.addProject')}
                </IconButton>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary ms-auto"
                  onClick={() => void edit()}
                >
                  {t('catalog.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  onClick={() => void remove()}
                >
                  {t('catalog.delete')}
                </button>
              </div>
            )}
            {catalog.desc.trim() && <Markdown text={catalog.desc} className="mb-3" />}
            <CatalogProjects
              uuid={uuid}
              editable={catalog.isEditable}
              version={changes}
              onRemove={(p) => void removeProject(p)}
            />
            {picking && (
              <AddProjectModal
                catalog={catalog as Catalog}
                onAdded={() => setChanges((n) => n + 1)}
                onHide={() => setPicking(false)}
              />
            )}
          </>
        ))}
    </ItemScreen>
  );
}

function CatalogProjects({
  uuid,
  editable,
  version,
  onRemove,
}: {
  uuid: string;
  editable: boolean;
  version: number;
  onRemove: (project: string) => void;
}) {
  const { t } = useTranslation('remix');
  const loader = useLoader<ProjectList>();
  const { data } = useSnapshot(loader.state);
  const { query, page, perPage, typed, setTyped, pager } = useAddressPaging(ONE_ORDER, 'default');
  useEffect(() => {
    void loader.run(() =>
      projectApi.catalogProjects(uuid, { query: query || undefined, page, per_page: perPage }),
    );
  }, [loader, uuid, query, page, perPage, version]);
  return (
    <section aria-labelledby="catalog-projects-title">
      <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
        <h2 id="catalog-projects-title" className="h5 mb-0 me-auto">
          {t('catalog.projects')}
        </h2>
        <div>
          <SearchBox
            label={t('search')}
            placeholder={t('searchPlaceholder')}
            hiddenLabel
            small
            value={typed}
            onChange={setTyped}
          />
        </div>
      </div>
      <ProjectGrid
        list={data as ProjectList | null}
        label={t('catalog.projects')}
        emptyText={t('empty.projects')}
        paging={pager}
        actions={(project) =>
          editable && (
            <button
              type="button"
              className="btn btn-sm btn-outline-danger w-100"
              onClick={() => onRemove(project.uuid)}
            >
              {t('catalog.remove')}
            </button>
          )
        }
      />
    </section>
  );
}

/** The owner picks projects of theirs to add. */
function AddProjectModal({
  catalog,
  onAdded,
  onHide,
}: {
  catalog: Catalog;
  onAdded: () => void;
  onHide: () => void;
}) {
  const { t } = useTranslation('remix');
  const titleId = useId();
  const loader = useLoader<{ mine: ProjectList; added: string[] }>();
  const { data } = useSnapshot(loader.state);
  const [typed, setTyped] = useState('');
  const query = useDebouncedValue(typed);
  const [round, setRound] = useState(0);
  useEffect(() => {
    void loader.run(async () => {
      const [mine, added] = await Promise.all([
        projectApi.myProjects('all', { query: query || undefined, per_page: 6 }),
        projectApi.catalogMyAdded(catalog.uuid, { per_page: 100 }),
      ]);
      return { mine, added: added.data.map((p) => p.uuid) };
    });
  }, [loader, catalog.uuid, query, round]);

  async function add(project: string) {
    if (await projectApi.addToCatalog(catalog.uuid, project).catch(() => null)) {
      onAdded();
      setRound((n) => n + 1);
    }
  }

  return (
    <Modal show onHide={onHide} aria-labelledby={titleId} size="lg">
      <Modal.Header closeButton closeLabel={t('shell:close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('catalog.pickTitle', { name: catalog.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <SearchBox
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          inputClassName="mb-3"
          value={typed}
          onChange={setTyped}
        />
        {!data ? (
          <div role="status">{t('common:loading')}</div>
        ) : data.mine.data.length === 0 ? (
          <p className="text-body-secondary">{t('empty.projects')}</p>
        ) : (
          <ul className="list-group">
            {data.mine.data.map((project) => {
              const added = data.added.includes(project.uuid);
              return (
                <li key={project.uuid} className="list-group-item d-flex align-items-center gap-2">
                  <span className="me-auto text-truncate">{project.name}</span>
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    disabled={added}
                    aria-label={`${added ? t('catalog.added') : t('catalog.add')}: ${project.name}`}
                    onClick={() => void add(project.uuid)}
                  >
                    {added ? t('catalog.added') : t('catalog.add')}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onHide}>
          {t('shell:close')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
