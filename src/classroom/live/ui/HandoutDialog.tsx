// Hand a program out: the open one or a file, to everyone or to chosen students.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'react-bootstrap/Modal';
import {
  currentProgramText,
  parseProgramFile,
  PROGRAM_FILE_SUFFIX,
} from '../../../program/index.ts';
import { showToast } from '../../../state/ui.ts';
import IconButton from '../../../ui/icon-button/IconButton.tsx';
import { programNow } from '../program-now.ts';
import type { LiveSeat } from '../teacher-live.ts';
import { teacherLive } from '../teacher-runtime.ts';
import { lead } from './lead-calls.ts';

export default function HandoutDialog({
  seats,
  onClose,
}: {
  seats: LiveSeat[];
  onClose: () => void;
}) {
  const { t } = useTranslation('classroom');
  const [source, setSource] = useState<'current' | 'file'>('current');
  const [file, setFile] = useState<{ name: string; code: string } | null>(null);
  const [fileError, setFileError] = useState(false);
  const [everyone, setEveryone] = useState(true);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const [busy, setBusy] = useState(false);
  const current = programNow().name || t('live.broadcast.untitled');
  const ready = (source === 'current' || file !== null) && (everyone || chosen.size > 0);
  const readFile = async (picked: File | undefined) => {
    setFile(null);
    setFileError(false);
    if (!picked) return;
    try {
      // A file that cannot be read (gone from the disk meanwhile) is no program either.
      const code = await picked.text();
      parseProgramFile(code);
      setFile({ name: picked.name.replace(/\.gogo\.xml$|\.xml$/i, ''), code });
    } catch {
      setFileError(true);
    }
  };
  const send = async () => {
    const program =
      source === 'current' ? { name: programNow().name, code: currentProgramText() } : file;
    if (!program) return;
    setBusy(true);
    const emails = everyone ? undefined : [...chosen];
    let count: number | null = null;
    const ok = await lead(async () => {
      count = await teacherLive.handout(program.code, program.name, emails);
    });
    setBusy(false);
    if (!ok) return;
    showToast(
      'success',
      count === null ? t('live.handout.sentAll') : t('live.handout.sent', { count }),
    );
    onClose();
  };
  return (
    <Modal show onHide={onClose} aria-labelledby="live-handout-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) void send();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id="live-handout-title">{t('live.handout.title')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small">{t('live.handout.intro')}</p>
          <fieldset className="mb-3">
            <legend className="h6">{t('live.handout.which')}</legend>
            <div className="form-check">
              <input
                className="form-check-input"
                type="radio"
                name="live-handout-source"
                id="live-handout-current"
                checked={source === 'current'}
                onChange={() => setSource('current')}
              />
              <label className="form-check-label text-break" htmlFor="live-handout-current">
                {t('live.handout.current', { name: current })}
              </label>
            </div>
            <div className="form-check">
              <input
                className="form-check-input"
                type="radio"
                name="live-handout-source"
                id="live-handout-file"
                checked={source === 'file'}
                onChange={() => setSource('file')}
              />
              <label className="form-check-label" htmlFor="live-handout-file">
                {t('live.handout.file')}
              </label>
            </div>
            {source === 'file' && (
              <div className="mt-2">
                <label htmlFor="live-handout-pick" className="form-label small">
                  {t('live.handout.pick')}
                </label>
                <input
                  id="live-handout-pick"
                  type="file"
                  className={`form-control ${fileError ? 'is-invalid' : ''}`}
                  accept={`${PROGRAM_FILE_SUFFIX},.xml`}
                  aria-describedby={fileError ? 'live-handout-bad' : undefined}
                  onChange={(e) => void readFile(e.target.files?.[0])}
                />
                {fileError && (
                  <div className="invalid-feedback" id="live-handout-bad">
                    {t('live.handout.badFile')}
                  </div>
                )}
              </div>
            )}
          </fieldset>
          <fieldset>
            <legend className="h6">{t('live.handout.who')}</legend>
            <div className="form-check">
              <input
                className="form-check-input"
                type="checkbox"
                id="live-handout-all"
                checked={everyone}
                onChange={(e) => setEveryone(e.target.checked)}
              />
              <label className="form-check-label" htmlFor="live-handout-all">
                {t('live.handout.everyone')}
              </label>
            </div>
            {!everyone &&
              seats.map((seat) => (
                <div className="form-check ms-3" key={seat.key}>
                  <input
                    className="form-check-input"
                    type="checkbox"
                    id={`live-handout-${seat.key}`}
                    checked={chosen.has(seat.email)}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.target.checked) next.add(seat.email);
                      else next.delete(seat.email);
                      setChosen(next);
                    }}
                  />
                  <label
                    className="form-check-label text-break"
                    htmlFor={`live-handout-${seat.key}`}
                  >
                    {seat.name}
                  </label>
                </div>
              ))}
          </fieldset>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <IconButton
            type="submit"
            icon="box-arrow-right"
            className="btn btn-primary"
            busy={busy}
            disabled={!ready}
          >
            {t('live.handout.send')}
          </IconButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
