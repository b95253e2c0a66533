// The report of a lesson's automatic check on one submission: how many expectations the
// program met, why it could not run when it did not, and per output what was expected at
// which time and what the board did. Shown to the student after Submit and with their
// submission, and to the teacher in the submission's grade pane.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckReport, CheckResult } from '../../contract/lesson-check.ts';
import { useCheckValue } from './use-check-value.ts';

/** A report as the views hold it (valtio snapshots are read-only). */
type ReadonlyReport = Omit<Readonly<CheckReport>, 'results'> & {
  readonly results: readonly Readonly<CheckResult>[];
};

export default function CheckReportView({ report }: { report: ReadonlyReport }) {
  const { t, i18n } = useTranslation('classroom');
  const shown = useCheckValue();
  const titleId = useId();
  const seconds = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  const ran = report.outcome === 'ran' || report.outcome === 'fault';
  return (
    <section className="mt-2" data-testid="check-report" aria-labelledby={titleId}>
      <h3 className="h6 mb-1" id={titleId}>
        {t('check.title')}
      </h3>
      <p className="small mb-1" data-testid="check-summary">
        {t('check.summary', { passed: report.passed, total: report.total })}
      </p>
      {!ran || report.outcome === 'fault' ? (
        <p className="small text-danger mb-1" role="status" data-testid="check-outcome">
          {t(`check.outcome.${report.outcome}`, { detail: report.detail })}
        </p>
      ) : null}
      {report.results.length > 0 && (
        <div className="table-responsive">
          <table className="table table-sm small mb-0 align-middle">
            <thead>
              <tr>
                <th scope="col">{t('check.time')}</th>
                <th scope="col">{t('check.output')}</th>
                <th scope="col">{t('check.expected')}</th>
                <th scope="col">{t('check.actual')}</th>
              </tr>
            </thead>
            <tbody>
              {report.results.map((r, i) => (
                <tr
                  key={i}
                  className={r.pass ? '' : 'table-danger'}
                  data-testid={r.pass ? 'check-pass' : 'check-fail'}
                >
                  <td>{t('check.at', { t: seconds.format(r.t) })}</td>
                  <td>
                    <i
                      className={`bi ${r.pass ? 'bi-check-circle text-success' : 'bi-x-circle text-danger'} me-1`}
                      aria-hidden="true"
                    />
                    <span className="visually-hidden">
                      {t(r.pass ? 'check.values.pass' : 'check.values.fail')}{' '}
                    </span>
                    {t(`check.outputs.${r.output}`, { motor: r.motor ?? '', key: r.key ?? '' })}
                  </td>
                  <td>{shown(r.output, r.expected)}</td>
                  <td>{shown(r.output, r.actual)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
