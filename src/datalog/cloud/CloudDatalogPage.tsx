// /datalog/public/{channel?} (classroom-and-labs §2): the cloud datalog. A channel picker,
// the channel's fields as tags (name, colour, shown or hidden), the chart settings
// (aggregation, period, range, field order), the aggregated chart with live refresh (server
// push), deleting fields (the owner; a moderator on the public log; 'Delete field error'),
// and the spec's messages (login for private data, network error, the 10,000-point warning).
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import {
  AGGREGATIONS,
  CHANNEL_NAME_MAX,
  FIELD_SORTS,
  MOVING_AVERAGE_MAX,
  PERIODS,
  PUBLIC_LOG_ID,
  RANGES,
  TAG_COLOURS,
  TAG_NAME_MAX,
  type Aggregation,
  type Channel,
  type Field,
  type FieldSort,
  type Period,
  type Range,
  type Series,
} from '../../contract/datalog.ts';
import { useDocumentTitle } from '../../app/use-document-title.ts';
import { confirm } from '../../app/modals/confirm.ts';
import { isLoggedIn, session } from '../../state/session.ts';
import { showToast } from '../../state/ui.ts';
import { cloudDatalog, cloudDatalogState } from './cloud-datalog-store.ts';
import { cloudRecorder, cloudRecorderState } from './cloud-recorder-store.ts';
import SeriesChart from './SeriesChart.tsx';
import { timeFormatter } from '../chart/time-format.ts';
import { tagColour } from '../chart/colours.ts';
import './cloudlog.css';

const TABLE_ROWS = 200;

export default function CloudDatalogPage({ screen }: { screen: 'datalogPublic' }) {
  const { t, i18n } = useTranslation(['cloudlog', 'screens']);
  const title = t(`screens:${screen}.title`);
  useDocumentTitle(title);
  const { channel: channelParam } = useParams();
  const navigate = useNavigate();
  const state = useSnapshot(cloudDatalogState);
  const recorder = useSnapshot(cloudRecorderState);
  const user = useSnapshot(session);
  const loggedIn = isLoggedIn(user);

  useEffect(() => {
    void cloudDatalog.open(channelParam ?? null);
  }, [channelParam, loggedIn]);
  useEffect(() => () => cloudDatalog.close(), []);

  const go = (id: string) =>
    navigate(id === PUBLIC_LOG_ID ? '/datalog/public' : `/datalog/public/${id}`);
  const channel = state.channel;
  const settings = state.settings;

  return (
    <div className="container-fluid py-3 cloudlog-page">
      <h1 className="h4 mb-3">{title}</h1>
      <div className="row g-3">
        <aside className="col-lg-3" aria-label={t('fields')}>
          <ChannelPicker
            channels={state.channels}
            current={state.channelId}
            onPick={go}
            loggedIn={loggedIn}
            onCreate={async (name, isPublic) => {
              const id = await cloudDatalog.createChannel(name, isPublic);
              if (id) go(id);
            }}
          />
          {channel?.isMine && (
            <div className="form-check mt-2">
              <input
                id="cloudlog-log-here"
                className="form-check-input"
                type="checkbox"
                checked={recorder.target === channel.id}
                onChange={(e) => cloudRecorder.setTarget(e.target.checked ? channel.id : null)}
              />
              <label className="form-check-label" htmlFor="cloudlog-log-here">
                {t('logHere')}
              </label>
            </div>
          )}
          {recorder.sent > 0 && (
            <p className="small text-body-secondary mt-2 mb-0" data-testid="cloudlog-recorder">
              {t('recorderSent', { count: recorder.sent })}
            </p>
          )}
          <FieldList
            fields={state.fields}
            hidden={state.hidden}
            editable={channel?.isMine ?? false}
            deletable={
              (channel?.isMine ?? false) ||
              ((channel?.isPublicLog ?? false) && (user.isModerator || user.isAdmin))
            }
            tagError={state.tagError}
          />
        </aside>
        <section className="col-lg-9" aria-labelledby="cloudlog-settings-title">
          <h2 id="cloudlog-settings-title" className="visually-hidden">
            {t('settings')}
          </h2>
          <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
            <Choice
              id="cloudlog-aggregation"
              label={t('aggregation')}
              value={settings.aggregation}
              options={AGGREGATIONS.map((a) => [a, t(`aggregations.${a}`)])}
              onChange={(v) => void cloudDatalog.configure({ aggregation: v as Aggregation })}
            />
            {settings.aggregation === 'moving_average' && (
              <div>
                <label className="form-label small mb-1" htmlFor="cloudlog-window">
                  {t('window')}
                </label>
                <input
                  id="cloudlog-window"
                  className="form-control form-control-sm"
                  type="number"
                  min={2}
                  max={MOVING_AVERAGE_MAX}
                  value={settings.window}
                  onChange={(e) => {
                    const n = Math.round(Number(e.target.value));
                    if (n >= 2 && n <= MOVING_AVERAGE_MAX)
                      void cloudDatalog.configure({ window: n });
                  }}
                  style={{ width: '6rem' }}
                />
              </div>
            )}
            <Choice
              id="cloudlog-period"
              label={t('period')}
              value={settings.period}
              options={(Object.keys(PERIODS) as Period[]).map((p) => [p, t(`periods.${p}`)])}
              onChange={(v) => void cloudDatalog.configure({ period: v as Period })}
            />
            <Choice
              id="cloudlog-range"
              label={t('range')}
              value={settings.range}
              options={RANGES.map((r) => [r, t(`ranges.${r}`)])}
              onChange={(v) => void cloudDatalog.configure({ range: v as Range })}
            />
            <Choice
              id="cloudlog-sort"
              label={t('sort')}
              value={settings.sort}
              options={FIELD_SORTS.map((s) => [s, t(`sorts.${s}`)])}
              onChange={(v) => void cloudDatalog.configure({ sort: v as FieldSort })}
            />
            <div className="form-check form-switch ms-1 mb-1">
              <input
                id="cloudlog-live"
                className="form-check-input"
                type="checkbox"
                role="switch"
                checked={state.live}
                onChange={(e) => cloudDatalog.setLive(e.target.checked)}
              />
              <label className="form-check-label" htmlFor="cloudlog-live">
                {t('live')}
              </label>
            </div>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => void cloudDatalog.reload()}
            >
              <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
              {t('refresh')}
            </button>
          </div>

          <div aria-live="polite">
            {state.problem?.kind === 'login' && (
              <div
                className="alert alert-info d-flex flex-wrap gap-2 align-items-center"
                role="alert"
              >
                <span data-testid="cloudlog-login-required">{t('loginRequired')}</span>
                <span className="ms-auto d-flex gap-2">
                  <button
                    type="button"
                    className="btn btn-sm btn-primary"
                    onClick={() => navigate('/auth/login')}
                  >
                    {t('login')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    onClick={() => go(PUBLIC_LOG_ID)}
                  >
                    {t('switchToPublic')}
                  </button>
                </span>
              </div>
            )}
            {state.problem?.kind === 'network' && (
              <div className="alert alert-warning d-flex align-items-center gap-2" role="alert">
                <span data-testid="cloudlog-network-error">{t('networkError')}</span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary ms-auto"
                  onClick={() => void cloudDatalog.reload()}
                >
                  {t('retry')}
                </button>
              </div>
            )}
            {state.problem?.kind === 'notFound' && (
              <div className="alert alert-warning" role="alert">
                {t('notFound')}
              </div>
            )}
            {state.problem?.kind === 'other' && (
              <div className="alert alert-warning" role="alert">
                {state.problem.message}
              </div>
            )}
            {state.loading && !state.series && (
              <p className="text-body-secondary" role="status">
                {t('loading')}
              </p>
            )}
          </div>

          {channel && state.fields.length === 0 && !state.loading && (
            <p className="text-body-secondary">{t('noFields')}</p>
          )}
          {state.series && state.awaitingContinue && (
            <div className="alert alert-warning d-flex align-items-center gap-2" role="alert">
              <span>
                {t('tooManyPoints', {
                  count: state.series.series.reduce((n, s) => n + s.t.length, 0),
                })}
              </span>
              <button
                type="button"
                className="btn btn-sm btn-warning ms-auto"
                onClick={() => cloudDatalog.continueLarge()}
              >
                {t('continue')}
              </button>
            </div>
          )}
          {state.series && !state.awaitingContinue && state.problem?.kind !== 'login' && (
            <>
              <SeriesChart
                series={state.series as Series}
                fields={state.fields}
                locale={i18n.language}
                label={t('chartLabel', {
                  aggregation: t(`aggregations.${settings.aggregation}`),
                  period: t(`periods.${settings.period}`),
                })}
              />
              <SeriesTable
                series={state.series as Series}
                fields={state.fields}
                locale={i18n.language}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

function Choice(props: {
  id: string;
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label className="form-label small mb-1" htmlFor={props.id}>
        {props.label}
      </label>
      <select
        id={props.id}
        className="form-select form-select-sm"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function ChannelPicker(props: {
  channels: readonly Channel[];
  current: string;
  loggedIn: boolean;
  onPick: (id: string) => void;
  onCreate: (name: string, isPublic: boolean) => Promise<void>;
}) {
  const { t } = useTranslation('cloudlog');
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [isPublic, setPublic] = useState(false);
  const formId = useId();
  const mine = props.channels.filter((c) => c.isMine);
  const others = props.channels.filter((c) => !c.isMine && !c.isPublicLog);
  const known = props.channels.some((c) => c.id === props.current);
  const label = (c: Channel) =>
    `${c.isPublicLog ? t('publicLog') : c.name} (${c.isPublic ? t('publicTag') : t('privateTag')})`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') return;
    await props.onCreate(name.trim(), isPublic);
    setCreating(false);
    setName('');
  };

  return (
    <div>
      <label className="form-label" htmlFor="cloudlog-channel">
        {t('channel')}
      </label>
      <select
        id="cloudlog-channel"
        className="form-select"
        value={props.current}
        onChange={(e) => props.onPick(e.target.value)}
      >
        <option value={PUBLIC_LOG_ID}>{t('publicLog')}</option>
        {!known && props.current !== PUBLIC_LOG_ID && (
          <option value={props.current}>{props.current}</option>
        )}
        {mine.length > 0 && (
          <optgroup label={t('mine')}>
            {mine.map((c) => (
              <option key={c.id} value={c.id}>
                {label(c)}
              </option>
            ))}
          </optgroup>
        )}
        {others.length > 0 && (
          <optgroup label={t('shared')}>
            {others.map((c) => (
              <option key={c.id} value={c.id}>
                {label(c)}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      {props.loggedIn && !creating && (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary mt-2"
          onClick={() => setCreating(true)}
        >
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('newChannel')}
        </button>
      )}
      {creating && (
        <form className="mt-2 d-grid gap-2" onSubmit={(e) => void submit(e)}>
          <label className="form-label small mb-0" htmlFor={`${formId}-name`}>
            {t('channelName')}
          </label>
          <input
            id={`${formId}-name`}
            className="form-control form-control-sm"
            value={name}
            maxLength={CHANNEL_NAME_MAX}
            required
            autoFocus
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setCreating(false);
            }}
          />
          <div className="form-check">
            <input
              id={`${formId}-public`}
              className="form-check-input"
              type="checkbox"
              checked={isPublic}
              onChange={(e) => setPublic(e.target.checked)}
            />
            <label className="form-check-label small" htmlFor={`${formId}-public`}>
              {t('makePublic')}
            </label>
          </div>
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-sm btn-primary">
              {t('create')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-secondary"
              onClick={() => setCreating(false)}
            >
              {t('cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/** Asks, then deletes a field and its records; a refusal shows 'Delete field error'. */
async function deleteField(field: Field, texts: { confirm: string; error: string }) {
  if (!(await confirm(texts.confirm))) return;
  const reason = await cloudDatalog.deleteField(field.name);
  if (reason !== null) showToast('warning', reason, texts.error);
}

function FieldList(props: {
  fields: readonly Field[];
  hidden: readonly string[];
  editable: boolean;
  /** The owner, or a moderator on the public log, may delete fields. */
  deletable: boolean;
  tagError: string | null;
}) {
  const { t, i18n } = useTranslation('cloudlog');
  const [editing, setEditing] = useState<string | null>(null);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 3 });
  if (props.fields.length === 0) return null;
  return (
    <div className="mt-3">
      <h2 className="h6">{t('fields')}</h2>
      <ul className="list-unstyled mb-0 cloudlog-fields" data-testid="cloudlog-fields">
        {props.fields.map((f) => (
          <li key={f.name} className="py-1 border-bottom">
            <div className="d-flex align-items-center gap-2">
              <input
                id={`cloudlog-field-${f.name}`}
                className="form-check-input mt-0"
                type="checkbox"
                checked={!props.hidden.includes(f.name)}
                aria-label={t('showField', { tag: f.tag })}
                onChange={() => void cloudDatalog.toggleField(f.name)}
              />
              <span
                className="cloudlog-swatch"
                style={{ backgroundColor: tagColour(f.colour) }}
                aria-hidden="true"
              />
              <label
                className="flex-grow-1 text-truncate mb-0"
                htmlFor={`cloudlog-field-${f.name}`}
              >
                {f.tag}
              </label>
              {props.editable && (
                <button
                  type="button"
                  className="btn btn-sm btn-link p-0"
                  aria-label={t('editTag', { tag: f.tag })}
                  onClick={() => setEditing(editing === f.name ? null : f.name)}
                >
                  <i className="bi bi-pencil" aria-hidden="true" />
                </button>
              )}
              {props.deletable && (
                <button
                  type="button"
                  className="btn btn-sm btn-link p-0 text-danger"
                  aria-label={t('deleteField', { tag: f.tag })}
                  title={t('deleteField', { tag: f.tag })}
                  onClick={() =>
                    void deleteField(f, {
                      confirm: t('confirmDeleteField', { tag: f.tag }),
                      error: t('deleteFieldError'),
                    })
                  }
                >
                  <i className="bi bi-trash" aria-hidden="true" />
                </button>
              )}
            </div>
            <div className="small text-body-secondary ms-4">
              {t('records', { count: f.records })} ·{' '}
              {t('lastValue', { value: number.format(f.lastValue) })}
            </div>
            {editing === f.name && (
              <TagEditor field={f} error={props.tagError} onDone={() => setEditing(null)} />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function TagEditor(props: { field: Field; error: string | null; onDone: () => void }) {
  const { t } = useTranslation('cloudlog');
  const [tag, setTag] = useState(props.field.tag);
  const [colour, setColour] = useState(props.field.colour);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await cloudDatalog.updateField(props.field.name, { tag, colour })) props.onDone();
  };
  return (
    <form
      className="d-grid gap-2 mt-2 ms-4"
      onSubmit={(e) => void submit(e)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') props.onDone();
      }}
    >
      <label className="form-label small mb-0" htmlFor={`${id}-tag`}>
        {t('tagName')}
      </label>
      <input
        id={`${id}-tag`}
        className="form-control form-control-sm"
        value={tag}
        maxLength={TAG_NAME_MAX}
        autoFocus
        onChange={(e) => setTag(e.target.value)}
      />
      <label className="form-label small mb-0" htmlFor={`${id}-colour`}>
        {t('colour')}
      </label>
      <select
        id={`${id}-colour`}
        className="form-select form-select-sm"
        value={colour}
        onChange={(e) => setColour(Number(e.target.value))}
        style={{ borderLeft: `0.75rem solid ${tagColour(colour)}` }}
      >
        {Array.from({ length: TAG_COLOURS }, (_, n) => (
          <option key={n} value={n}>
            {t('colourN', { n: n + 1 })}
          </option>
        ))}
      </select>
      {props.error && (
        <div className="text-danger small" role="alert">
          {props.error}
        </div>
      )}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-sm btn-primary">
          {t('save')}
        </button>
        <button type="button" className="btn btn-sm btn-secondary" onClick={props.onDone}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/** The chart's numbers, for keyboard and screen-reader users (and exact reading). */
function SeriesTable(props: { series: Series; fields: readonly Field[]; locale: string }) {
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
