// Blockly's questions and notices (new variable name, "delete these blocks?", "a variable
// named … already exists") in the app's own translated dialogs and toasts instead of the
// browser's prompt/confirm/alert.
import * as Blockly from 'blockly/core';
import { confirm } from '../../shell/confirm.ts';
import { showToast } from '../../state/ui.ts';
import { promptService } from '../ui/prompt.ts';

let installed = false;

export function installBlocklyDialogs(): void {
  if (installed) return;
  Blockly.dialog.setPrompt((message, defaultValue, callback) => {
    void promptService.ask(message, defaultValue).then(callback);
  });
  Blockly.dialog.setConfirm((message, callback) => {
    void confirm(message).then(callback);
  });
  Blockly.dialog.setAlert((message, callback) => {
    showToast('warning', message);
    callback?.();
  });
  installed = true;
}
