// The keys for building a program without a mouse, translated (the navigation plugin's own
// list is English only).
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { closeKeyboardHelp, keyboardHelp } from './keyboard-help.ts';
import { localShortcutKeys, type ShortcutKeys } from '../workspace/shortcut-keys.ts';
import DialogHeader from '../../ui/dialog-header/DialogHeader.tsx';

/** Stand-ins for the platform's modifier keys (⌘ / ⌥ on Apple keyboards, Ctrl elsewhere). */
const COMMAND = 'command';
const MOVE_FREELY = 'moveFreely';

/** Each row: the keys (as written on the keyboard) and the catalogue key of what they do. */
const GROUPS: { title: string; rows: [string[], string][] }[] = [
  {
    title: 'keyboard.general',
    rows: [
      [['Tab'], 'keyboard.tab'],
      [['T'], 'keyboard.toolbox'],
      [['↑', '↓', '←', '→'], 'keyboard.arrows'],
      [['Enter'], 'keyboard.enter'],
      [['Esc'], 'keyboard.escape'],
      [['/'], 'keyboard.help'],
    ],
  },
  {
    title: 'keyboard.editing',
    rows: [
      [['M'], 'keyboard.move'],
      [[MOVE_FREELY, '↑ ↓ ← →'], 'keyboard.moveFreely'],
      [['X'], 'keyboard.disconnect'],
      [['Delete'], 'keyboard.delete'],
      [['D'], 'keyboard.duplicate'],
      [[COMMAND, 'C'], 'keyboard.copy'],
      [[COMMAND, 'V'], 'keyboard.paste'],
      [[COMMAND, 'Z'], 'keyboard.undo'],
      [[COMMAND, 'Enter'], 'keyboard.menu'],
    ],
  },
  {
    title: 'keyboard.program',
    rows: [
      [['N'], 'keyboard.nextStack'],
      [['B'], 'keyboard.previousStack'],
      [['C'], 'keyboard.cleanUp'],
    ],
  },
];

/** The dialog's contents: built only while it shows (a closed Modal renders no children). */
function KeyboardHelpContent() {
  const { t } = useTranslation(['editor', 'shell']);
  const mod: ShortcutKeys = localShortcutKeys();
  const shown = (key: string) => (key === COMMAND || key === MOVE_FREELY ? mod[key] : key);
  return (
    <>
      <DialogHeader titleId="keyboard-help-title" title={t('editor:keyboard.title')} />
      <Modal.Body data-testid="keyboard-help">
        <p className="small">{t('editor:keyboard.intro')}</p>
        {GROUPS.map((group) => (
          <table key={group.title} className="table table-sm small mb-3">
            <caption className="caption-top fw-semibold text-body">
              {t(`editor:${group.title}`)}
            </caption>
            <tbody>
              {group.rows.map(([keys, what]) => (
                <tr key={what}>
                  <th scope="row" className="text-nowrap fw-normal">
                    {keys.map((key, i) => (
                      <span key={key}>
                        {i > 0 && (shown(keys[0] ?? '') === 'Ctrl' ? ' + ' : ' ')}
                        <kbd>{shown(key)}</kbd>
                      </span>
                    ))}
                  </th>
                  <td>
                    {t(`editor:${what}`, { command: mod.command, moveFreely: mod.moveFreely })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={closeKeyboardHelp}>
          {t('shell:close')}
        </Button>
      </Modal.Footer>
    </>
  );
}

export default function KeyboardHelp() {
  const { open } = useSnapshot(keyboardHelp);
  return (
    <Modal show={open} onHide={closeKeyboardHelp} size="lg" aria-labelledby="keyboard-help-title">
      <KeyboardHelpContent />
    </Modal>
  );
}
