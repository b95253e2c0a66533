// Checks that workspace XML loads in Blockly with the GoGo blocks (unknown block types,
// broken structure). Loaded on demand by the file actions.
import i18next from 'i18next';
import { ensureBlockLocale } from '../blocks/messages.ts';
import { headlessWorkspace, WorkspaceXmlError } from './headless.ts';

export async function checkWorkspaceXml(xml: string): Promise<boolean> {
  await ensureBlockLocale(i18next.language || 'en');
  try {
    headlessWorkspace(xml).dispose();
    return true;
  } catch (e) {
    if (e instanceof WorkspaceXmlError) return false;
    throw e;
  }
}
