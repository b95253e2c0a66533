// The network name and password fields of the board's and the Pi's Wi-Fi panels. `actions`
// renders the buttons (a submit among them), told whether a network name is filled in.
import { useState, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export default function WifiForm({
  onSubmit,
  actions,
}: {
  onSubmit: (ssid: string, password: string) => void;
  actions: (hasSsid: boolean) => ReactNode;
}) {
  const { t } = useTranslation('board');
  const [ssid, setSsid] = useState('');
  const [password, setPassword] = useState('');
  return (
    <Form
      className="d-flex flex-column gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(ssid, password);
      }}
    >
      <Form.Control
        size="sm"
        placeholder={t('network.ssid')}
        aria-label={t('network.ssid')}
        value={ssid}
        onChange={(e) => setSsid(e.target.value)}
      />
      <Form.Control
        size="sm"
        type="password"
        placeholder={t('network.password')}
        aria-label={t('network.password')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {actions(ssid.trim() !== '')}
    </Form>
  );
}
