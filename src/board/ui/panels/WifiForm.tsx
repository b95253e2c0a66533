// The network name and password fields of the board's and the Pi's Wi-Fi panels. `actions`
// renders the buttons (a submit among them), told whether a network name is filled in.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CompactField, CompactForm } from '../../../ui/compact-form/CompactForm.tsx';

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
    <CompactForm
      onSubmit={() => {
        onSubmit(ssid, password);
      }}
    >
      <CompactField label={t('network.ssid')} value={ssid} onChange={setSsid} />
      <CompactField
        label={t('network.password')}
        value={password}
        onChange={setPassword}
        type="password"
      />
      {actions(ssid.trim() !== '')}
    </CompactForm>
  );
}
