// A collapsible group of sidebar links. It expands when one of its routes is active and
// collapses on a route change that leaves it (spec core §4 "Other"); the user may toggle it.
import { useState } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import SidebarLink, { type SidebarLinkProps } from './SidebarLink.tsx';

interface Props {
  id: string;
  icon: string;
  label: string;
  links: SidebarLinkProps[];
}

export default function SidebarGroup({ id, icon, label, links }: Props) {
  const { pathname } = useLocation();
  const childActive = links.some((l) => matchPath({ path: l.to, end: false }, pathname) !== null);
  const [state, setState] = useState({ pathname, expanded: childActive });
  // Adjusting state while rendering (not in an effect) when the route changes.
  if (state.pathname !== pathname) setState({ pathname, expanded: childActive });
  const listId = `sidebar-group-${id}`;

  return (
    <li className="nav-item">
      <button
        type="button"
        className="nav-link app-sidebar-link btn btn-link w-100 text-start d-flex align-items-center"
        aria-expanded={state.expanded}
        aria-controls={listId}
        onClick={() => setState({ pathname, expanded: !state.expanded })}
      >
        <i className={`bi bi-${icon} me-2`} aria-hidden="true" />
        <span className="flex-grow-1">{label}</span>
        <i
          className={`bi bi-chevron-${state.expanded ? 'down' : 'right'} small`}
          aria-hidden="true"
        />
      </button>
      <ul id={listId} className="nav flex-column ms-3" hidden={!state.expanded}>
        {links.map((l) => (
          <SidebarLink key={l.to} {...l} />
        ))}
      </ul>
    </li>
  );
}
