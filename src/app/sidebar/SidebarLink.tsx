import { NavLink } from 'react-router-dom';
import { sidebarAfterLinkClick } from './sidebar-state.ts';

export interface SidebarLinkProps {
  to: string;
  icon: string;
  label: string;
}

export default function SidebarLink({ to, icon, label }: SidebarLinkProps) {
  return (
    <li className="nav-item">
      <NavLink to={to} className="nav-link app-sidebar-link" onClick={sidebarAfterLinkClick}>
        <i className={`bi bi-${icon} me-2`} aria-hidden="true" />
        {label}
      </NavLink>
    </li>
  );
}
