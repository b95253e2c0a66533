// The Teachable Machine controls as a /gogoboard panel. The model and the input work
// without a board; only sending waits for a matching board, so the panel is not disabled.
import { useTranslation } from 'react-i18next';
import Panel from '../../../device/ui/Panel.tsx';
import type { BoardGate } from '../../../device/ui/use-board-gate.ts';
import TmControls from './TmControls.tsx';

export default function TmBoardPanel({ gate }: { gate: BoardGate }) {
  const { t } = useTranslation('screens');
  return (
    <Panel id="teachable" title={t('teachableMachine.title')} disabledReason={null}>
      <TmControls id="board-tm" gate={gate} />
    </Panel>
  );
}
