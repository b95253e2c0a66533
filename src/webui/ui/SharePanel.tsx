// The owner's share controls: turn the read-only link on or off, see it, copy it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appRouteHref } from '../../shell/links.ts';
import type { Dashboard } from '../../contract/webui.ts';
import { showToast } from '../../state/ui.ts';
import { webuiApi } from '../runtime.ts';

/** The full address of a shared dashboard's read-only page. */
const sharedLink = (token: string) =>
  `${window.location.origin}${appRouteHref(`/webui/shared/${token}`)}`;

interface SharePanelProps {
  dashboard: Dashboard;
  onChange: (dashboard: Dashboard) => void;
}

export default function SharePanel({ dashboard, onChange }: SharePanelProps) {
  const { t } = useTranslation('webui');
  const [busy, setBusy] = useState(false);
  const link = dashboard.shareToken === null ? null : sharedLink(dashboard.shareToken);

  const toggle = async (shared: boolean) => {
    setBusy(true);
    try {
      onChange(await webuiApi.share(dashboard.uuid, shared));
    } catch {
      // The toast said why; the switch shows the server's state.
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      showToast('success', t('share.copied'));
    } catch {
      showToast('warning', t('share.copyFailed'));
    }
  };

  return (
    <section className="border rounded p-3 mb-3" aria-labelledby="webui-share-title">
      <h2 id="webui-share-title" className="h6">
        {t('share.title')}
      </h2>
      <div className="form-check form-switch">
        <input
          id="webui-share"
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={link !== null}
          disabled={busy}
          aria-describedby="webui-share-hint"
          onChange={(e) => void toggle(e.target.checked)}
        />
        <label className="form-check-label" htmlFor="webui-share">
          {t('share.toggle')}
        </label>
      </div>
      <p id="webui-share-hint" className="form-text mb-2">
        {t('share.hint')}
      </p>
      {link !== null && (
        <div className="input-group" style={{ maxWidth: '48rem' }}>
          <label htmlFor="webui-share-link" className="input-group-text">
            {t('share.link')}
          </label>
          <input
            id="webui-share-link"
            className="form-control"
            readOnly
            value={link}
            onFocus={(e) => e.target.select()}
          />
          <button type="button" className="btn btn-outline-secondary" onClick={() => void copy()}>
            <i className="bi bi-clipboard me-1" aria-hidden="true" />
            {t('share.copy')}
          </button>
        </div>
      )}
    </section>
  );
}
