// Project and catalog cards of the remix lists.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { imageSrc, type Catalog, type Project, type ProjectList } from '../../contract/projects.ts';
import Pager from '../../ui/pager/Pager.tsx';
import type { Paging } from '../../ui/pager/address-paging.ts';
import HeaderImage from '../../ui/header-image/HeaderImage.tsx';

function CardImage({ url, className = '' }: { url: string; className?: string }) {
  return (
    <HeaderImage
      src={imageSrc(url)}
      className={`card-img-top remix-card-image ${className}`}
      icon="puzzle"
    />
  );
}

export function ProjectCard({
  project,
  showState = false,
  actions,
}: {
  project: Project;
  showState?: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('remix');
  return (
    <article className="card h-100 remix-card" data-testid="project-card">
      <CardImage url={project.headerImage} />
      <div className="card-body d-flex flex-column gap-1">
        <h2 className="h6 card-title mb-0 text-truncate">
          <Link to={`/project/${project.uuid}`} className="stretched-link text-decoration-none">
            {project.name}
          </Link>
        </h2>
        <div className="small text-body-secondary text-truncate">
          {t('card.by', { name: project.author.name || t('card.anonymous') })}
        </div>
        <div className="small d-flex gap-3 mt-auto">
          <span title={t('card.likes')} aria-label={`${t('card.likes')}: ${project.likes}`}>
            <i
              className={`bi bi-heart${project.liked ? '-fill text-danger' : ''} me-1`}
              aria-hidden="true"
            />
            {project.likes}
          </span>
          <span title={t('card.remixes')} aria-label={`${t('card.remixes')}: ${project.remixes}`}>
            <i className="bi bi-shuffle me-1" aria-hidden="true" />
            {project.remixes}
          </span>
          {showState && (
            <span
              className={`badge ms-auto ${project.isPublished ? 'text-bg-success' : 'text-bg-secondary'}`}
            >
              {project.isPublished ? t('card.published') : t('card.draft')}
            </span>
          )}
        </div>
      </div>
      {actions && <div className="card-footer bg-transparent position-relative z-2">{actions}</div>}
    </article>
  );
}

export function CatalogCard({ catalog }: { catalog: Catalog }) {
  const { t } = useTranslation('remix');
  return (
    <article className="card h-100 remix-card" data-testid="catalog-card">
      <CardImage url={catalog.headerImage} />
      <div className="card-body d-flex flex-column gap-1">
        <h2 className="h6 card-title mb-0 text-truncate">
          <Link to={`/catalog/${catalog.uuid}`} className="stretched-link text-decoration-none">
            {catalog.name}
          </Link>
        </h2>
        <div className="small text-body-secondary text-truncate">
          {t('card.by', { name: catalog.author.name || t('card.anonymous') })}
        </div>
        <div className="small mt-auto" aria-label={`${t('card.projects')}: ${catalog.projects}`}>
          <i className="bi bi-collection me-1" aria-hidden="true" />
          {catalog.projects}
        </div>
      </div>
    </article>
  );
}

/** A responsive grid of cards. */
export function CardGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul
      className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-5 g-3 list-unstyled"
      aria-label={label}
    >
      {children}
    </ul>
  );
}

/** A page of projects as cards with the Pager under them, or `emptyText` when it has none. */
export function ProjectGrid({
  list,
  label,
  emptyText,
  paging,
  actions,
}: {
  list: Readonly<ProjectList> | null;
  label: string;
  emptyText: string;
  paging: Paging;
  actions?: (project: Project) => ReactNode;
}) {
  if (!list) return null;
  if (list.data.length === 0) return <p className="text-body-secondary">{emptyText}</p>;
  return (
    <>
      <CardGrid label={label}>
        {list.data.map((project) => (
          <li className="col" key={project.uuid}>
            <ProjectCard project={project as Project} actions={actions?.(project as Project)} />
          </li>
        ))}
      </CardGrid>
      <Pager
        pagination={list.links.pagination}
        onPage={paging.setPage}
        onPerPage={paging.setPerPage}
      />
    </>
  );
}
