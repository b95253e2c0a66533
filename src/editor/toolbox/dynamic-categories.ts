// The Variables and Procedures categories, filled from the workspace each time they open:
// a "Create variable" button, set/change blocks for the first variable and a getter for each;
// Blockly's procedure blocks plus GoGo's `output` and `stop`.
import * as Blockly from 'blockly/core';
import { num, PROCEDURES_CATEGORY, VARIABLES_CATEGORY } from './toolbox.ts';

const CREATE_VARIABLE = 'GOGO_CREATE_VARIABLE';

type FlyoutItem = Blockly.utils.toolbox.FlyoutItemInfo;

function variableFlyout(workspace: Blockly.WorkspaceSvg): FlyoutItem[] {
  const items: FlyoutItem[] = [
    {
      kind: 'button',
      text: Blockly.Msg.NEW_VARIABLE ?? 'Create variable…',
      callbackkey: CREATE_VARIABLE,
    },
  ];
  const variables = workspace
    .getVariableMap()
    .getVariablesOfType('')
    .sort((a, b) => a.getName().localeCompare(b.getName()));
  const first = variables[0];
  if (!first) return items;
  const field = { VAR: { name: first.getName(), type: '' } };
  items.push(
    { kind: 'block', type: 'variables_set', fields: field, inputs: { VALUE: num(0) } },
    { kind: 'block', type: 'gogo_change_variable', fields: field, inputs: { DELTA: num(1) } },
  );
  for (const v of variables) {
    items.push({
      kind: 'block',
      type: 'variables_get',
      fields: { VAR: { name: v.getName(), type: '' } },
    });
  }
  return items;
}

function procedureFlyout(workspace: Blockly.WorkspaceSvg): FlyoutItem[] {
  return [
    ...Blockly.Procedures.flyoutCategory(workspace, false),
    { kind: 'block', type: 'gogo_output', inputs: { VALUE: num(0) } },
    { kind: 'block', type: 'gogo_stop' },
  ];
}

/** Installs the dynamic categories and the "Create variable" button on a workspace. */
export function registerDynamicCategories(workspace: Blockly.WorkspaceSvg): void {
  workspace.registerToolboxCategoryCallback(VARIABLES_CATEGORY, variableFlyout);
  workspace.registerToolboxCategoryCallback(PROCEDURES_CATEGORY, procedureFlyout);
  workspace.registerButtonCallback(CREATE_VARIABLE, (button) =>
    Blockly.Variables.createVariableButtonHandler(button.getTargetWorkspace()),
  );
}
