// /project/{uuid}: a project's header image, name, description, author, likes and remixes,
// with open in editor, remix, like, and for its owner publish, edit, add to catalog and
// delete. Copy buttons give the two shared link forms, #/project/{uuid} and #/code/{uuid}.
import './remix.css';
import { useEffect, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { imageSrc, type Catalog, type Project, type ProjectList } from '../../contract/projects.ts';
import { confirm } from '../../shell/confirm.ts';
import { askProjectDetails, projectApi } from '../../project/index.ts';
import Markdown from '../../ui/markdown/Markdown.tsx';
import { program } from '../../program/index.ts';
import { showToast } from '../../state/ui.ts';
import { useLoader } from '../loader.ts';
import { remixName } from '../remix-name.ts';
import { ProjectGrid } from './cards.tsx';
import { appLink, copyLink } from './copy-link.ts';
import ItemScreen from './ItemScreen.tsx';
import LoginPrompt from '../../ui/login-prompt/LoginPrompt.tsx';
import { useItemPage } from './use-item-page.ts';
import { ONE_ORDER, useAddressPaging } from '../../ui/pager/address-paging.ts';
import IconButton from '../../ui/icon-button/IconButton.tsx';

/** Keeps the open program's project details in step with edits made on this page. */
function followOpenProgram(project: Project | null, uuid: string): void {
  if (program.currentProjectId !== uuid) return;
  if (!project) {
    // Deleted: the program stays in the editor, no longer tied to a project.
    program.currentProjectId = null;
    program.currentProject = null;
    return;
  }
  program.currentProject = {
    uuid,
    name: project.name,
    headerImage: project.headerImage,
    desc: project.desc,
    isEditable: project.isEditable,
  };
  program.toSaveProject = {
    name: project.name,
    headerImage: project.headerImage,
    desc: project.desc,
  };
}

const loadProject = (uuid: string) => projectApi.getProject(uuid, { quiet: true });

export default function ProjectPage({ screen }: { screen: 'project' }) {
  const {
    t,
    uuid,
    navigate,
    userId,
    loader,
    data: project,
    error,
    loading,
  } = useItemPage('project', loadProject);

  const [busy, setBusy] = useState(false);
  async function act(step: () => Promise<void>) {
    setBusy(true);
    try {
      await step();
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  }

  const current = loader.state.data;
  const like = () =>
    act(async () => {
      if (!current) return;
      const state = await projectApi.setLiked(uuid, !current.liked);
      loader.set({ ...current, ...state });
    });
  const remix = () =>
    act(async () => {
      // Named apart from the original, in the user's language.
      const name = current
        ? remixName((original) => t('project.remixName', { name: original }), current.name)
        : undefined;
      const { uuid: copy } = await projectApi.remix(uuid, name);
      showToast('success', t('project.remixed'));
      void navigate(`/project/${copy}`);
    });
  const publish = () =>
    act(async () => {
      if (!current) return;
      loader.set(await projectApi.setPublished(uuid, !current.isPublished));
    });
  const edit = () =>
    act(async () => {
      if (!current) return;
      const details = await askProjectDetails('edit', {
        name: current.name,
        headerImage: current.headerImage,
        desc: current.desc,
      });
      if (!details) return;
      const saved = await projectApi.updateProject(uuid, details);
      loader.set(saved);
      followOpenProgram(saved, uuid);
    });
  const remove = () =>
    act(async () => {
      if (!current) return;
      if (!(await confirm(t('project.confirmDelete', { name: current.name })))) return;
      await projectApi.deleteProject(uuid);
      followOpenProgram(null, uuid);
      showToast('success', t('project.deleted'));
      void navigate('/remix/my-projects');
    });

  const heading = project?.name ?? t('screens:project.title');

  return (
    <ItemScreen
      screen={screen}
      banner={project ? imageSrc(project.headerImage) : null}
      title={heading}
      loading={loading}
      errorText={
        error === null
          ? null
          : error === 'project_not_found'
            ? t('project.notFound')
            : t('loadFailed')
      }
    >
      {project &&
        (() => (
          <>
            <p className="text-body-secondary mb-2" data-testid="project-author">
              {t('project.by', { name: project.author.name || t('card.anonymous') })}
              {project.parent && (
                <>
                  {' · '}
                  {t('project.remixedFrom')}{' '}
                  <Link to={`/project/${project.parent.uuid}`}>{project.parent.name}</Link>
                </>
              )}
            </p>
            <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
              <Link to={`/code/${project.uuid}`} className="btn btn-primary">
                <i className="bi bi-code-square me-1" aria-hidden="true" />
                {t('project.open')}
              </Link>
              {userId ? (
                <>
                  <button
                    type="button"
                    className={`btn ${project.liked ? 'btn-danger' : 'btn-outline-danger'}`}
                    aria-pressed={project.liked}
                    disabled={busy}
                    onClick={() => void like()}
                  >
                    <i
                      className={`bi bi-heart${project.liked ? '-fill' : ''} me-1`}
                      aria-hidden="true"
                    />
                    {project.liked ? t('project.unlike') : t('project.like')}
                    <span className="badge text-bg-light ms-2" data-testid="like-count">
                      {project.likes}
                    </span>
                  </button>
                  <IconButton
                    icon="shuffle"
                    className="btn btn-outline-secondary"
                    disabled={busy}
                    onClick={() => void remix()}
                  >
                    {t('project.remix')}
                  </IconButton>
                  <AddToCatalog uuid={project.uuid} />
                </>
              ) : (
                <span className="text-body-secondary" data-testid="like-count">
                  <i className="bi bi-heart me-1" aria-hidden="true" />
                  {t('project.likes', { count: project.likes })}
                </span>
              )}
              <IconButton
                icon="link-45deg"
                className="btn btn-outline-secondary"
                onClick={() => void copyLink(appLink(`/project/${project.uuid}`))}
              >
                {t('project.copyLink')}
              </IconButton>
              <IconButton
                icon="link"
                className="btn btn-outline-secondary"
                onClick={() => void copyLink(appLink(`/code/${project.uuid}`))}
              >
                {t('project.copyCodeLink')}
              </IconButton>
            </div>
            {!userId && <LoginPrompt text={t('project.loginToAct')} />}
            {project.isEditable && (
              <div
                className="d-flex flex-wrap align-items-center gap-2 mb-3 p-2 border rounded bg-body-tertiary"
                aria-label={t('project.ownerTools')}
                role="group"
              >
                <span className="small me-auto">
                  {project.isPublished ? t('project.published') : t('project.unpublished')}
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-success"
                  disabled={busy}
                  onClick={() => void publish()}
                >
                  {project.isPublished ? t('project.unpublish') : t('project.publish')}
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  disabled={busy}
                  onClick={() => void edit()}
                >
                  {t('project.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  disabled={busy}
                  onClick={() => void remove()}
                >
                  {t('project.delete')}
                </button>
              </div>
            )}
            <h2 className="h5">{t('project.description')}</h2>
            {project.desc.trim() ? (
              <Markdown text={project.desc} className="mb-4" />
            ) : (
              <p className="text-body-secondary">{t('project.noDescription')}</p>
            )}
            <Remixes uuid={project.uuid} count={project.remixes} />
          </>
        ))}
    </ItemScreen>
  );
}

/** The remixes of a project the caller can see, paged. */
function Remixes({ uuid, count }: { uuid: string; count: number }) {
  const { t } = useTranslation('remix');
  const loader = useLoader<ProjectList>();
  const { data } = useSnapshot(loader.state);
  const { page, perPage, pager } = useAddressPaging(ONE_ORDER, 'default');
  useEffect(() => {
    void loader.run(() => projectApi.remixes(uuid, { page, per_page: perPage }));
  }, [loader, uuid, page, perPage, count]);
  return (
    <section aria-labelledby="remixes-title">
      <h2 id="remixes-title" className="h5">
        {t('project.remixList')} <span className="badge text-bg-secondary">{count}</span>
      </h2>
      <ProjectGrid
        list={data as ProjectList | null}
        label={t('project.remixList')}
        emptyText={t('project.noRemixes')}
        paging={pager}
      />
    </section>
  );
}

/** Add to catalog: my catalogs, ticked when they hold the project; a click adds or removes. */
function AddToCatalog({ uuid }: { uuid: string }) {
  const { t } = useTranslation('remix');
  const loader = useLoader<{ all: Catalog[]; holding: string[] }>();
  const { data } = useSnapshot(loader.state);
  const load = () =>
    loader.run(async () => {
      const [all, holding] = await Promise.all([
        projectApi.allMyCatalogs(),
        projectApi.catalogsHolding(uuid),
      ]);
      return { all: all.data, holding: holding.data.map((c) => c.uuid) };
    });
  async function toggle(catalog: string, holds: boolean) {
    try {
      if (holds) await projectApi.removeFromCatalog(catalog, uuid);
      else await projectApi.addToCatalog(catalog, uuid);
      showToast('success', holds ? t('project.removedFromCatalog') : t('project.addedToCatalog'));
    } catch {
      // The API client has shown why.
    }
    await load();
  }
  return (
    <Dropdown onToggle={(open) => open && void load()}>
      <Dropdown.Toggle variant="outline-secondary">
        <i className="bi bi-collection me-1" aria-hidden="true" />
        {t('project.addToCatalog')}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {!data ? (
          <Dropdown.ItemText>{t('common:loading')}</Dropdown.ItemText>
        ) : data.all.length === 0 ? (
          <Dropdown.ItemText className="small">{t('project.noCatalogs')}</Dropdown.ItemText>
        ) : (
          data.all.map((catalog) => {
            const holds = data.holding.includes(catalog.uuid);
            return (
              <Dropdown.Item
                key={catalog.uuid}
                as="button"
                role="menuitemcheckbox"
                aria-checked={holds}
                onClick={() => void toggle(catalog.uuid, holds)}
              >
                <i
                  className={`bi ${holds ? 'bi-check-square' : 'bi-square'} me-2`}
                  aria-hidden="true"
                />
                {catalog.name}
              </Dropdown.Item>
            );
          })
        )}
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to="/remix/my-catalogs">
          {t('project.manageCatalogs')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
