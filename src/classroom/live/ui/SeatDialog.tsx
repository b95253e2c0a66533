// One student at full size: their program read-only with the teacher's comments, their board
// and their submissions.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from 'react-bootstrap/Modal';
import type { Class } from '../../../contract/classroom.ts';
import type { GradebookCell } from '../../../contract/grades.ts';
import Loading from '../../../ui/busy/Loading.tsx';
import { classroom } from '../../runtime.ts';
import type { LiveProgram } from '../deltas.ts';
import type { LiveSeat } from '../teacher-live.ts';
import BoardSummary from './BoardSummary.tsx';
import CompileLine from './CompileLine.tsx';
import { stopOne } from './lead-calls.ts';
import { ago } from './live-time.ts';
import ReadOnlyBlocks from './ReadOnlyBlocks.tsx';
import TeacherComments, { type BlockChoice } from './TeacherComments.tsx';

/**
 * A student's program at full size, read-only (blocks, or the Logo text by line), with the
 * teacher's comments on it: a click on a block or a line picks what the next one is on.
 */
function SeatProgram({
  klass,
  seat,
  program: p,
}: {
  klass: Class;
  seat: LiveSeat;
  program: LiveProgram;
}) {
  const { t } = useTranslation('classroom');
  const [picked, setPicked] = useState<string | number | null>(null);
  const [blocks, setBlocks] = useState<BlockChoice[]>([]);
  const lines = p.logo.split('\n');
  return (
    <>
      {p.mode === 'blocks' ? (
        <>
          <ReadOnlyBlocks
            xml={p.xml}
            label={t('live.detail.blocksOf', { name: seat.name })}
            onBlock={setPicked}
            onBlocks={setBlocks}
            picked={typeof picked === 'string' ? picked : null}
            testId="live-full-blocks"
          />
          <details className="mt-2">
            <summary>{t('live.student.broadcastAsLogo')}</summary>
            <pre className="bg-body-tertiary p-2" data-testid="live-full-program">
              {p.logo}
            </pre>
          </details>
        </>
      ) : (
        <pre
          className="bg-body-tertiary p-2 live-logo-lines"
          data-testid="live-full-program"
          aria-label={t('live.detail.program')}
        >
          {lines.map((line, i) => (
            // A click picks the line; the list below the program is the keyboard's way.
            <span
              key={i}
              className={picked === i + 1 ? 'live-logo-line picked' : 'live-logo-line'}
              data-line={i + 1}
              onClick={() => setPicked(i + 1)}
            >
              {line}
              {'\n'}
            </span>
          ))}
        </pre>
      )}
      {p.luuid ? (
        <TeacherComments
          key={`${p.luuid}:${seat.email}`}
          classUuid={klass.uuid}
          luuid={p.luuid}
          email={seat.email}
          suuid={null}
          mode={p.mode}
          blocks={blocks}
          logo={p.logo}
          picked={picked}
          onPick={setPicked}
        />
      ) : (
        <p className="small text-body-secondary mt-2">{t('live.comments.noLesson')}</p>
      )}
    </>
  );
}

export default function SeatDialog({
  klass,
  seat,
  now,
  onClose,
}: {
  klass: Class;
  seat: LiveSeat;
  now: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('classroom');
  const [cells, setCells] = useState<GradebookCell[] | null>(null);
  const [lessons, setLessons] = useState<Record<string, string>>({});
  useEffect(() => {
    let gone = false;
    classroom.gradebook(klass.uuid).then(
      (book) => {
        if (gone) return;
        setLessons(Object.fromEntries(book.lessons.map((l) => [l.luuid, l.name])));
        setCells(book.cells.filter((c) => c.user_email === seat.email));
      },
      () => {
        if (!gone) setCells([]);
      },
    );
    return () => {
      gone = true;
    };
  }, [klass.uuid, seat.email]);
  const p = seat.program;
  return (
    <Modal show onHide={onClose} size="xl" scrollable aria-labelledby="live-student-title">
      <Modal.Header closeButton>
        <Modal.Title id="live-student-title" className="text-break">
          {seat.name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="row g-3">
          <section className="col-lg-8 live-program" aria-labelledby="live-program-title">
            <h3 className="h6" id="live-program-title">
              {t('live.detail.program')}
              {p?.name ? ` · ${p.name}` : ''}
            </h3>
            {p ? (
              <>
                <p className="small text-body-secondary mb-1">
                  {t(`live.detail.mode.${p.mode}`)} · {ago(t, p.at, now)}
                </p>
                <CompileLine program={p} />
                <SeatProgram klass={klass} seat={seat} program={p} />
              </>
            ) : (
              <p className="text-body-secondary">{t('live.noProgram')}</p>
            )}
          </section>
          <section className="col-lg-4" aria-labelledby="live-board-title">
            <h3 className="h6" id="live-board-title">
              {t('live.detail.board')}
            </h3>
            <BoardSummary board={seat.board} full />
            <h3 className="h6 mt-3">{t('live.detail.submissions')}</h3>
            {cells === null ? (
              <Loading />
            ) : cells.length === 0 ? (
              <p className="small text-body-secondary">{t('live.detail.noSubmissions')}</p>
            ) : (
              <ul className="small ps-3">
                {cells.map((c) => (
                  <li key={c.suuid}>
                    <a href={`#/program/submission/${c.suuid}`}>{lessons[c.luuid] ?? c.luuid}</a> ·{' '}
                    {t(`state.${c.state}`)}
                    {c.grade !== null && ` · ${c.grade}`}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <button
          type="button"
          className="btn btn-outline-danger"
          onClick={() => stopOne(seat.email, t('live.stopSent'))}
        >
          {t('live.stop')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('close')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
