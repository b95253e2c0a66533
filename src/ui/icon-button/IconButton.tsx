// A button with a Bootstrap icon before its label. While `busy` a spinner stands in the icon's
// place and the button is disabled, so a second click cannot start the work twice. An
// icon-only button shows its name (aria-label) in a tooltip.
import type { ButtonHTMLAttributes } from 'react';
import Spinner from '../busy/Spinner.tsx';
import Tooltip from '../tooltip/Tooltip.tsx';

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The Bootstrap icon's name without `bi-` (`send`, `arrow-clockwise`). */
  icon?: string;
  busy?: boolean;
  type?: 'button' | 'submit';
}

export default function IconButton(props: IconButtonProps) {
  const { icon, busy = false, type = 'button', disabled, children, ...rest } = props;
  // An icon-only button (named by aria-label) needs no gap after the icon.
  const iconOnly = children === undefined || children === null;
  const gap = iconOnly ? undefined : 'me-1';
  const button = (
    <button type={type} disabled={busy || disabled} {...rest}>
      {busy ? (
        <Spinner className={gap} />
      ) : (
        icon && <i className={gap ? `bi bi-${icon} ${gap}` : `bi bi-${icon}`} aria-hidden="true" />
      )}
      {children}
    </button>
  );
  const name = rest['aria-label'];
  return iconOnly && name ? <Tooltip text={name}>{button}</Tooltip> : button;
}
