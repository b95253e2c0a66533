// Page buttons and the page-size choice under a list (spec core §9: sizes 5, 6, 10,
// default 10; every page below 8 pages, else two each side of the current one).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type Pagination } from '../../contract/common.ts';
import { pageNumbers } from './pagination.ts';
import Tooltip from '../tooltip/Tooltip.tsx';

interface Props {
  pagination: Pagination;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
  /** What the pages are of, when a screen has more than one list (names the navigation). */
  of?: string;
}

export default function Pager({ pagination, onPage, onPerPage, of }: Props) {
  const { t } = useTranslation('ui');
  const sizeId = useId();
  const { current_page: current, last_page: last } = pagination;
  const button = (page: number, label: string, icon: string | null, disabled: boolean) => (
    <li className={`page-item${disabled ? ' disabled' : ''}`} key={`${label}-${page}`}>
      <Tooltip text={label}>
        <button
          type="button"
          className="page-link"
          aria-label={label}
          disabled={disabled}
          onClick={() => onPage(page)}
        >
          {icon ? <i className={`bi bi-${icon}`} aria-hidden="true" /> : page}
        </button>
      </Tooltip>
    </li>
  );
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
      <div className="text-body-secondary small" data-testid="list-summary">
        {t('pager.summary', { from: pagination.from, to: pagination.to, total: pagination.total })}
      </div>
      <nav aria-label={of ? t('pager.labelOf', { name: of }) : t('pager.label')}>
        <ul className="pagination pagination-sm mb-0">
          {button(1, t('pager.first'), 'chevron-double-left', current <= 1)}
          {button(current - 1, t('pager.previous'), 'chevron-left', current <= 1)}
          {pageNumbers(current, last).map((page) => (
            <li key={page} className={`page-item${page === current ? ' active' : ''}`}>
              <button
                type="button"
                className="page-link"
                aria-label={t('pager.page', { page })}
                aria-current={page === current ? 'page' : undefined}
                onClick={() => onPage(page)}
              >
                {page}
              </button>
            </li>
          ))}
          {button(current + 1, t('pager.next'), 'chevron-right', current >= last)}
          {button(last, t('pager.last'), 'chevron-double-right', current >= last)}
        </ul>
      </nav>
      <div className="d-flex align-items-center gap-2">
        <label className="small text-nowrap" htmlFor={sizeId}>
          {t('pager.perPage')}
        </label>
        <select
          id={sizeId}
          className="form-select form-select-sm w-auto"
          value={pagination.per_page}
          onChange={(e) => onPerPage(Number(e.target.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
