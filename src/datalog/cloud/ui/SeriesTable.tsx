// The cloud chart's numbers as a table, for keyboard and screen-reader users.
import { useTranslation } from 'react-i18next';
import { type Field, type Series } from '../../../contract/datalog.ts';
import { timeFormatter } from '../../chart/time-format.ts';

const TABLE_ROWS = 200;
/** The chart's numbers, for keyboard and screen-reader users (and exact reading). */
export default function SeriesTable(props: {
  series: Series;
  fields: readonly Field[];
  locale: string;
}) {
  const { t } = useTranslation('cloudlog');
  const { series, fields } = props;
  const times = [...new Set(series.series.flatMap((s) => s.t))].sort((a, b) => a - b);
  if (times.length === 0) return <p className="text-body-secondary mt-2">{t('noPoints')}</p>;
  const shown = times.slice(-TABLE_ROWS).reverse();
  const format = timeFormatter(props.locale, series.to - series.from);
  const number = new Intl.NumberFormat(props.locale, { maximumFractionDigits: 3 });
  const lookup = series.series.map((s) => new Map(s.t.map((time, i) => [time, s.v[i]])));
  return (
    <details className="mt-3">
      <summary>{t('table')}</summary>
      {times.length > TABLE_ROWS && (
        <p className="small text-body-secondary">{t('tableShowsLast', { count: TABLE_ROWS })}</p>
      )}
      <div className="table-responsive">
        <table className="table table-sm" data-testid="cloudlog-table">
          <thead>
            <tr>
              <th scope="col">{t('time')}</th>
              {series.series.map((s) => (
                <th scope="col" key={s.name} data-field={s.name}>
                  {fields.find((f) => f.name === s.name)?.tag ?? s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((time) => (
              <tr key={time} data-time={time}>
                <th scope="row">{format(time)}</th>
                {lookup.map((values, i) => {
                  const v = values.get(time);
                  return (
                    <td key={series.series[i]?.name ?? i} data-value={v ?? ''}>
                      {v === undefined ? '' : number.format(v)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
