// The body of a paged list: a spinner until the first answer, a warning with Retry when it
// failed, else the items (or the empty text) with the Pager under them. While the next page
// loads the last one stays on screen, marked busy.
import type { ReactNode } from 'react';
import type { Pagination } from '../../contract/common.ts';
import Pager from './Pager.tsx';
import Loading from '../busy/Loading.tsx';

interface PagedListProps {
  /** Nothing to show yet: the first answer is on its way. */
  pending: boolean;
  /** The answer failed (or never came): show `failedText` and Retry. */
  failed: boolean;
  busy: boolean;
  /** Shown in place of the items when the page has none. */
  emptyText: string | null;
  failedText: string;
  retryText: string;
  onRetry: () => void;
  pagination: Pagination | undefined;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  children: ReactNode;
}

export default function PagedList(props: PagedListProps) {
  if (props.pending) {
    return <Loading />;
  }
  if (props.failed || !props.pagination) {
    return (
      <div className="alert alert-warning d-flex align-items-center gap-2">
        {props.failedText}
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary ms-auto"
          onClick={props.onRetry}
        >
          {props.retryText}
        </button>
      </div>
    );
  }
  return (
    <div aria-busy={props.busy}>
      {props.emptyText !== null ? (
        <p className="text-body-secondary py-4 text-center">{props.emptyText}</p>
      ) : (
        props.children
      )}
      <Pager pagination={props.pagination} onPage={props.onPage} onPerPage={props.onPerPage} />
    </div>
  );
}
