// /datalog/public/{channel?} (classroom-and-labs §2): the cloud datalog. A channel picker,
// the channel's fields as tags (name, colour, shown or hidden), the chart settings
// (aggregation, period, range, field order), the aggregated chart with live refresh (server
// push), deleting fields (the owner; a moderator on the public log; 'Delete field error'),
// and the spec's messages (login for private data, network error, the 10,000-point warning).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import {
  AGGREGATIONS,
  FIELD_SORTS,
  MOVING_AVERAGE_MAX,
  PERIODS,
  PUBLIC_LOG_ID,
  RANGES,
  type Aggregation,
  type FieldSort,
  type Period,
  type Range,
  type Series,
} from '../../../contract/datalog.ts';
import { useDocumentTitle } from '../../../shell/ui/use-document-title.ts';
import { isLoggedIn, session } from '../../../state/session.ts';
import { cloudDatalog, cloudDatalogState, cloudRecorder, cloudRecorderState } from '../runtime.ts';
import SeriesChart from './SeriesChart.tsx';
import ChannelPicker from './ChannelPicker.tsx';
import Choice from './Choice.tsx';
import FieldList from './FieldList.tsx';
import SeriesTable from './SeriesTable.tsx';
import './cloudlog.css';

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

  const go = (id: string) => {
    void navigate(id === PUBLIC_LOG_ID ? '/datalog/public' : `/datalog/public/${id}`);
  };
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
                    onClick={() => void navigate('/auth/login')}
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
