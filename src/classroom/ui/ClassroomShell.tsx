// The frame of every classroom screen: its title, the classroom's sections (classes, joined
// classes, lessons, join with a code, users for admins) and the creator-mode switch, which
// turns teacher-side authoring (new and edited classes and lessons) on and off and is kept
// in local storage (spec §3, §4).
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import { program, setCreatorMode } from '../../program/index.ts';
import { session } from '../../state/session.ts';
import './classroom.css';

function CreatorModeSwitch() {
  const { t } = useTranslation('classroom');
  const { creatorMode } = useSnapshot(program);
  const id = useId();
  return (
    <div className="form-check form-switch mb-0" title={t('creatorMode.hint')}>
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={creatorMode}
        onChange={(e) => setCreatorMode(e.target.checked)}
      />
      <label className="form-check-label" htmlFor={id}>
        {t('creatorMode.label')}
      </label>
    </div>
  );
}

const SECTIONS = [
  { to: '/classroom/class', label: 'nav.classes', end: false },
  { to: '/classroom/my-enrolled', label: 'nav.enrolled', end: true },
  { to: '/classroom/lesson', label: 'nav.lessons', end: true },
  { to: '/classroom/enroll', label: 'nav.enroll', end: true },
] as const;

interface ClassroomShellProps {
  screen: string;
  /** The screen's h1 (defaults to the screen's title). */
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
}

export default function ClassroomShell({ screen, title, actions, children }: ClassroomShellProps) {
  const { t } = useTranslation(['classroom', 'screens']);
  const { isAdmin } = useSnapshot(session);
  const heading = title ?? t(`screens:${screen}.title`);
  useDocumentTitle(heading);
  return (
    <section
      className="container-xl py-3 classroom"
      aria-labelledby="screen-title"
      data-screen={screen}
    >
      <nav
        className="d-flex flex-wrap align-items-center gap-2 mb-3 border-bottom pb-2"
        aria-label={t('nav.label')}
      >
        <ul className="nav nav-pills me-auto">
          {SECTIONS.map((s) => (
            <li className="nav-item" key={s.to}>
              <NavLink to={s.to} end={s.end} className="nav-link py-1 px-2">
                {t(s.label)}
              </NavLink>
            </li>
          ))}
          {isAdmin && (
            <li className="nav-item">
              <NavLink to="/classroom/user-mgnt" className="nav-link py-1 px-2">
                {t('nav.users')}
              </NavLink>
            </li>
          )}
        </ul>
        <CreatorModeSwitch />
      </nav>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="screen-title" className="h3 mb-0 me-auto text-break">
          {heading}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A screen's state when it failed or found nothing. */
export function Problem({
  title,
  detail,
  onRetry,
}: {
  title: string;
  detail?: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('classroom');
  return (
    <div className="alert alert-warning" role="alert" data-testid="classroom-problem">
      <p className="fw-semibold mb-1">{title}</p>
      {detail && detail !== title && <p className="mb-2 small">{detail}</p>}
      {onRetry && (
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </div>
  );
}
