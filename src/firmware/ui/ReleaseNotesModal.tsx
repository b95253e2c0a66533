// Release notes (spec core §2 About → release notes): the code repository's releases,
// name and description, 20 at a time; the next page loads when the list is scrolled to its
// end, with a spinner meanwhile. A list that fails to load is ignored silently (spec §8).
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import {
  PAGE_HEADER,
  RELEASE_PAGE_SIZE,
  TOTAL_PAGES_HEADER,
  type ReleaseList,
} from '../../contract/firmware.ts';
import DialogHeader from '../../ui/dialog-header/DialogHeader.tsx';

interface Listing {
  items: ReleaseList;
  /** The last page loaded (0: none yet). */
  page: number;
  totalPages: number;
  loading: boolean;
  /** A page failed: stop asking (nothing is shown about it). */
  stopped: boolean;
}

const START: Listing = { items: [], page: 0, totalPages: 1, loading: true, stopped: false };

/** One page of release notes; null when it could not be loaded. */
async function loadPage(
  page: number,
): Promise<{ items: ReleaseList; page: number; totalPages: number } | null> {
  try {
    const { data, headers } = await api.getWithHeaders<ReleaseList>('/releases', {
      params: { page, per_page: RELEASE_PAGE_SIZE, order_by: 'version' },
      anonymous: true,
      quiet: true,
    });
    return {
      items: data,
      page: Number(headers[PAGE_HEADER]) || page,
      totalPages: Number(headers[TOTAL_PAGES_HEADER]) || page,
    };
  } catch {
    return null;
  }
}

const append =
  (r: Awaited<ReturnType<typeof loadPage>>) =>
  (l: Listing): Listing =>
    r
      ? {
          items: [...l.items, ...r.items],
          page: r.page,
          totalPages: r.totalPages,
          loading: false,
          stopped: false,
        }
      : { ...l, loading: false, stopped: true };

export default function ReleaseNotesModal({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation(['firmware', 'shell']);
  const [list, setList] = useState<Listing>(START);
  const sentinel = useRef<HTMLLIElement>(null);
  /** Answers that arrive after the dialog closed are dropped. */
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    void loadPage(1).then((r) => mounted.current && setList(append(r)));
    return () => {
      mounted.current = false;
    };
  }, []);

  // Scrolled to the end: the sentinel after the last item comes into view.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || list.loading || list.stopped || list.page >= list.totalPages) return;
    const next = list.page + 1;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      setList((l) => ({ ...l, loading: true }));
      void loadPage(next).then((r) => mounted.current && setList(append(r)));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [list]);

  return (
    <Modal show onHide={onHide} size="lg" scrollable aria-labelledby="release-notes-title">
      <DialogHeader titleId="release-notes-title" title={t('firmware:releaseNotes.title')} />
      <Modal.Body data-testid="release-notes">
        <ul className="list-unstyled mb-0">
          {list.items.map((r) => (
            <li key={r.name} className="mb-3" data-testid="release-note">
              <h3 className="h6 mb-1">{r.name}</h3>
              <p className="mb-0 small" style={{ whiteSpace: 'pre-line' }}>
                {r.release.description}
              </p>
            </li>
          ))}
          <li ref={sentinel} aria-hidden="true" style={{ height: 1 }} />
        </ul>
        {list.loading && (
          <div className="text-center py-2" data-testid="release-notes-loading" role="status">
            <Spinner size="sm" className="me-2" aria-hidden="true" />
            <span className="small text-body-secondary">{t('firmware:releaseNotes.loading')}</span>
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {t('shell:close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
