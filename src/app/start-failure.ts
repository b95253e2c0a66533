// What the page shows when the app cannot start at all (a locale or a start-up chunk that
// did not load, say): instead of a blank page, a message and a Reload button. React may not
// be running, so this is plain DOM; i18next may not be either, so the English catalogue,
// bundled with the start chunk, stands in.
import i18next from 'i18next';
import english from '../../locales/en/shell.json';

const text = (key: 'title' | 'body' | 'reload'): string => {
  const path = key === 'title' ? 'startError.title' : `routeError.${key}`;
  if (i18next.isInitialized && i18next.exists(`shell:${path}`)) return i18next.t(`shell:${path}`);
  return key === 'title' ? english.startError.title : english.routeError[key];
};

/** Replaces the page's content with the start failure and logs the error. */
export function showStartFailure(host: HTMLElement, error: unknown): void {
  console.error(error);
  const main = document.createElement('main');
  main.className = 'container py-5';
  main.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  title.className = 'h3';
  title.textContent = text('title');
  const body = document.createElement('p');
  body.textContent = text('body');
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'btn btn-primary';
  reload.textContent = text('reload');
  reload.addEventListener('click', () => window.location.reload());
  main.append(title, body, reload);
  host.replaceChildren(main);
}
