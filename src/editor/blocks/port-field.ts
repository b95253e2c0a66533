// A dropdown of board ports (sensor numbers, motors, motor sets) whose menu follows the
// chosen board while it still accepts every port of the largest board: a program written
// for GoGo 5 keeps `sensor7` when opened with GoGo 7 chosen, and shows it.
import * as Blockly from 'blockly/core';
import {
  activeBoardProfile,
  allPortValues,
  portOptions,
  type PortKind,
} from '../toolbox/board-profile.ts';

const PORT_FIELD = 'field_gogo_port';

function menu(kind: PortKind, current: string | null): Blockly.MenuOption[] {
  const values = portOptions(kind, activeBoardProfile());
  if (current && !values.includes(current)) values.push(current);
  return values.map((v) => [v, v]);
}

interface PortFieldJson extends Blockly.FieldDropdownFromJsonConfig {
  kind?: PortKind;
  value?: string;
}

class PortField extends Blockly.FieldDropdown {
  private readonly accepted: readonly string[];

  constructor(kind: PortKind, value?: string) {
    super(function (this: Blockly.FieldDropdown) {
      return menu(kind, this.getValue());
    });
    this.accepted = allPortValues(kind);
    if (value !== undefined) this.setValue(value);
  }

  static override fromJson(options: PortFieldJson): PortField {
    return new PortField(options.kind ?? 'sensor', options.value);
  }

  protected override doClassValidation_(newValue?: string): string | null {
    // During construction `accepted` is not set yet: the menu's first item is valid.
    if (this.accepted === undefined) return newValue ?? null;
    return newValue !== undefined && this.accepted.includes(newValue) ? newValue : null;
  }
}

let registered = false;

export function registerPortField(): void {
  if (registered) return;
  Blockly.fieldRegistry.register(PORT_FIELD, PortField);
  registered = true;
}

/** JSON for a port dropdown argument. */
export function portArg(name: string, kind: PortKind, value: string): Record<string, unknown> {
  return { type: PORT_FIELD, name, kind, value };
}
