// A navbar menu, and one entry of it: an icon and its label, opening a route of the app
// (`to`), an address (`href`, with its own target), or running `onClick`.
import type { ReactNode } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link } from 'react-router-dom';

interface MenuItemProps {
  /** The Bootstrap icon's name, e.g. "mortarboard". */
  icon: string;
  label: ReactNode;
  to?: string;
  href?: string;
  target?: string;
  rel?: string;
  onClick?: () => void;
  'data-testid'?: string;
}

export default function MenuItem({ icon, label, to, onClick, ...rest }: MenuItemProps) {
  const content = (
    <>
      <i className={`bi bi-${icon} me-2`} aria-hidden="true" />
      {label}
    </>
  );
  if (to !== undefined) {
    return (
      <Dropdown.Item as={Link} to={to} {...rest}>
        {content}
      </Dropdown.Item>
    );
  }
  if (onClick) {
    return (
      <Dropdown.Item as="button" onClick={onClick} {...rest}>
        {content}
      </Dropdown.Item>
    );
  }
  return <Dropdown.Item {...rest}>{content}</Dropdown.Item>;
}

/** A labelled navbar menu (the label shows from large screens on) holding `children`. */
export function NavMenu({
  icon,
  label,
  children,
}: {
  icon: string;
  label: string;
  children: ReactNode;
}) {
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="link" className="text-body text-decoration-none">
        <i className={`bi bi-${icon} me-1`} aria-hidden="true" />
        <span className="label-from-lg">{label}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>{children}</Dropdown.Menu>
    </Dropdown>
  );
}
