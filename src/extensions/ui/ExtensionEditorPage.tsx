// /extension/{id}: the editor in extension-edit mode (spec core §2; docs/extensions.md).
// The extension's workspace opens in the editor; the top bar shows its name read-only with
// the save-extension icon, and the menu has Save extension code, Cancel, Import and Save as
// a file. Leaving brings back the program that was open (asking first when the extension's
// code has unsaved changes).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, useParams } from 'react-router-dom';
import { waitForAuth } from '../../shell/guards.ts';
import { inBackground } from '../../api/report-failure.ts';
import { confirm } from '../../shell/confirm.ts';
import { EditorPage } from '../../editor/index.ts';
import { program } from '../../program/index.ts';
import { leaveExtensionMode } from '../extension-edit.ts';

export default function ExtensionEditorPage() {
  const { t } = useTranslation('shell');
  const { id = '' } = useParams();
  const navigate = useNavigate();

  useEffect(() => {
    let alive = true;
    inBackground(
      (async () => {
        await waitForAuth();
        const { openExtensionForEdit } = await import('../extensions-service.ts');
        const opened = await openExtensionForEdit(id);
        if (alive && !opened)
          void navigate(id ? `/extensions/${id}` : '/extensions', { replace: true });
      })(),
    );
    return () => {
      alive = false;
      leaveExtensionMode();
    };
  }, [id, navigate]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      program.extensionEditMode &&
      program.hasChanged &&
      currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirm(t('confirm.unsavedData')).then((ok) => {
      if (ok) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, t]);

  return <EditorPage variant="extension" />;
}
