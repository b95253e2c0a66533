// The data table (spec classroom-and-labs §3, §4, §8): sortable columns (a click sorts by
// one column, Alt+click or Alt+Enter adds more, a third Alt+click removes one), a filter
// box, pages within 1..last, page sizes 5, 6, 10. Sortable headers are buttons inside
// headers that carry aria-sort, so the table works from the keyboard and a screen reader
// hears the order. 'No Data Available' when empty; 'Cannot load the data' with a retry when
// loading fails; a warning when the answer had no pagination.
import { type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../error-text.ts';
import Pager from '../pager/Pager.tsx';
import SearchBox from '../pager/SearchBox.tsx';
import type { SortKey } from './table-query.ts';
import type { TableSource } from './table-source.ts';
import { useTable, type TableState } from './use-table.ts';
import Spinner from '../busy/Spinner.tsx';
import './data-table.css';

export interface Column<Row> {
  field: string;
  label: string;
  sortable?: boolean;
  render?: (row: Row) => ReactNode;
  className?: string;
}

interface DataTableProps<Row> {
  source: TableSource<Row>;
  columns: Column<Row>[];
  /** The track-by id of a row. */
  rowKey: (row: Row) => string;
  /** The table's accessible name (its caption). */
  caption: string;
  initialSort?: SortKey[];
  /** A change reloads the current page (after a create or a delete). */
  reloadKey?: unknown;
  /** Buttons for one row, in a last column. */
  actions?: (row: Row) => ReactNode;
  /** Controls shown beside the filter box (create buttons…). */
  toolbar?: ReactNode;
  testId?: string;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function SortHeader<Row>({ column, table }: { column: Column<Row>; table: TableState<Row> }) {
  const { t } = useTranslation('ui');
  const { sort } = table.query;
  const index = sort.findIndex((s) => s.field === column.field);
  const key = index >= 0 ? sort[index] : undefined;
  const activate = (multi: boolean) => table.sortBy(column.field, multi);
  const onClick = (e: MouseEvent) => activate(e.altKey);
  // Alt+Enter / Alt+Space: the click a key press makes does not carry the modifier.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      activate(true);
    }
  };
  const icon = !key ? 'arrow-down-up' : key.dir === 'asc' ? 'sort-up' : 'sort-down';
  return (
    <th scope="col" className={column.className} aria-sort={key ? ARIA_SORT[key.dir] : 'none'}>
      <button
        type="button"
        className="data-table-sort btn btn-link p-0 text-reset text-decoration-none fw-semibold"
        title={t('table.sortHint')}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        {column.label}
        <i className={`bi bi-${icon} ms-1${key ? '' : ' opacity-50'}`} aria-hidden="true" />
        {key && sort.length > 1 && (
          <span className="badge text-bg-secondary ms-1" data-testid="sort-order">
            {index + 1}
          </span>
        )}
      </button>
    </th>
  );
}

export default function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useTranslation('ui');
  const { columns, rowKey, caption, actions, toolbar } = props;
  const table = useTable(props.source, props.initialSort, props.reloadKey);
  const width = columns.length + (actions ? 1 : 0);
  const { rows, pagination, loading, error } = table;

  let body: ReactNode;
  if (error) {
    body = (
      <tr>
        <td colSpan={width} className="text-center py-4" role="alert">
          <p className="mb-1 text-danger fw-semibold">{t('table.loadFailed')}</p>
          <p className="mb-2 small text-body-secondary">{apiErrorText(error)}</p>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={table.reload}>
            {t('table.retry')}
          </button>
        </td>
      </tr>
    );
  } else if (rows.length === 0 && !loading) {
    body = (
      <tr>
        <td colSpan={width} className="text-center text-body-secondary py-4">
          {t('table.empty')}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => (
      <tr key={rowKey(row)} data-testid="table-row">
        {columns.map((c) => (
          <td key={c.field} className={c.className}>
            {c.render ? c.render(row) : String((row as Record<string, unknown>)[c.field] ?? '')}
          </td>
        ))}
        {actions && <td className="text-end text-nowrap">{actions(row)}</td>}
      </tr>
    ));
  }

  return (
    <div className="data-table" data-testid={props.testId}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <SearchBox
          label={t('table.filter')}
          hiddenLabel
          small
          inputClassName="data-table-filter"
          value={table.filterText}
          onChange={table.setFilterText}
        />
        <div className="ms-auto d-flex gap-2">{toolbar}</div>
      </div>
      {table.missingPagination && (
        <p className="alert alert-warning py-1 px-2 small mb-2" data-testid="table-no-pagination">
          {t('table.noPagination')}
        </p>
      )}
      <div className="table-responsive position-relative">
        <table className="table table-sm table-hover align-middle mb-0" aria-busy={loading}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) =>
                c.sortable ? (
                  <SortHeader key={c.field} column={c} table={table} />
                ) : (
                  <th key={c.field} scope="col" className={c.className}>
                    {c.label}
                  </th>
                ),
              )}
              {actions && (
                <th scope="col" className="text-end">
                  <span className="visually-hidden">{t('table.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
        {loading && (
          <div className="data-table-loading" role="status" data-testid="table-loading">
            <Spinner className="me-2" />
            {t('table.loading')}
          </div>
        )}
      </div>
      {pagination && pagination.total > 0 && (
        <Pager
          pagination={pagination}
          onPage={table.goToPage}
          onPerPage={table.setPerPage}
          of={caption}
        />
      )}
    </div>
  );
}
