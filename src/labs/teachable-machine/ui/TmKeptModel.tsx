// The model kept in the project: its size against what a project may hold (the server's
// limit, CODE_MAX), a warning when the project has grown too big to save, and the download
// of the model as a Teachable Machine model folder (model.json, weights.bin, metadata.json
// in a zip).
import { memo, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { CODE_MAX } from '../../../contract/projects.ts';
import { currentProgramText, program } from '../../../program/index.ts';
import IconButton from '../../../ui/icon-button/IconButton.tsx';
import { saveFile } from '../../../ui/save-file.ts';
import { tmExportFiles } from '../tm-kept-model.ts';
import { zipStore } from '../tm-zip.ts';

const kb = (bytes: number) => Math.ceil(bytes / 1024);
const utf8 = (text: string) => new TextEncoder().encode(text).length;

/** The stored project text's size (what Save sends), in UTF-8 bytes. */
function projectBytes(): number {
  return utf8(currentProgramText());
}

/**
 * Memoised: the lab re-renders with every frame's prediction, and the sizes need the whole
 * program serialised, so they are measured only when the program changes, and in a render of
 * their own after the rest (deferred): the end of training already keeps the page busy.
 */
export default memo(function TmKeptModel({ id, text }: { id: string; text: string }) {
  const { t } = useTranslation('teachable');
  const snap = useSnapshot(program);
  const measuredText = useDeferredValue(text, '');
  const measuredSnap = useDeferredValue(snap, null);
  const measured = measuredText !== '' && measuredSnap !== null;
  const model = useMemo(() => utf8(measuredText), [measuredText]);
  // The snapshot stands for the program's version: measured again when the program changes.
  const project = useMemo(() => (measuredSnap ? projectBytes() : 0), [measuredSnap]);
  const tooBig = project > CODE_MAX;
  const download = () => {
    const base = program.toSaveProject.name.trim() || 'model';
    saveFile(`${base}-tm-model.zip`, zipStore(tmExportFiles(text)), 'application/zip');
  };
  return (
    <section className="d-flex flex-column gap-1" aria-labelledby={`${id}-kept-title`}>
      <h2 id={`${id}-kept-title`} className="h6 mb-0">
        {t('kept.title')}
      </h2>
      {measured && (
        <p className="small mb-0" data-testid={`${id}-kept-size`}>
          {t('kept.size', { model: kb(model), project: kb(project), max: kb(CODE_MAX) })}
        </p>
      )}
      {tooBig && (
        <p className="small text-danger mb-0" role="alert">
          {t('kept.tooBig', { project: kb(project), max: kb(CODE_MAX) })}
        </p>
      )}
      <p className="small text-body-secondary mb-0">{t('kept.samplesStay')}</p>
      <div>
        <IconButton icon="download" className="btn btn-sm btn-outline-secondary" onClick={download}>
          {t('kept.download')}
        </IconButton>
      </div>
    </section>
  );
});
