import i18next from 'i18next';
import { showToast } from '../../state/ui.ts';

/** An in-app link others can open: this app's address with #{path}. */
export function appLink(path: string, location: Location = window.location): string {
  return `${location.origin}${location.pathname}#${path}`;
}

/** Copies a link and says so ('program.messages.copied'), or says it could not. */
export async function copyLink(link: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    showToast('success', i18next.t('program:messages.copied'));
  } catch {
    showToast('warning', `${i18next.t('project:share.copyFailed')} ${link}`);
  }
}
