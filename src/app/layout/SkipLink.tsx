// The first Tab stop of every screen: it moves focus to the screen's main landmark, past the
// top bar and the sidebar. Hidden until it has focus.
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The main landmark's id, which the link points at. */
export const MAIN_ID = 'main-content';

function toMain(event: MouseEvent<HTMLAnchorElement>) {
  // The router owns the URL's hash: focus the landmark instead of following the link.
  event.preventDefault();
  const main = document.getElementById(MAIN_ID) ?? document.querySelector('main');
  if (!main) return;
  main.tabIndex = -1;
  main.focus();
}

export default function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <a href={`#${MAIN_ID}`} className="skip-link" onClick={toMain}>
      {t('skipToMain')}
    </a>
  );
}
