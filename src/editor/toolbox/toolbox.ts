// The block toolbox for a board (rules in board-profile.ts). Pure data: Blockly reads it
// through workspace.updateToolbox. Variables and procedures are dynamic categories filled by
// the callbacks in dynamic-categories.ts.
import type { BoardProfile } from './board-profile.ts';

export interface ToolboxBlock {
  kind: 'block';
  type: string;
  fields?: Record<string, string | number>;
  inputs?: Record<string, { shadow: { type: string; fields: Record<string, number> } }>;
  /** Blocks whose shape comes from data (extension blocks). */
  extraState?: object;
}

export interface ToolboxCategory {
  kind: 'category';
  /** Category id (also the i18n key under blocks:category). */
  toolboxitemid: string;
  name: string;
  /** A theme style, or (extensions) a hue of their own. */
  categorystyle?: string;
  colour?: string;
  contents?: ToolboxBlock[];
  custom?: string;
}

export interface Toolbox {
  kind: 'categoryToolbox';
  contents: ToolboxCategory[];
}

export const VARIABLES_CATEGORY = 'GOGO_VARIABLES';
export const PROCEDURES_CATEGORY = 'GOGO_PROCEDURES';

/** A number shadow for an input. */
export function num(n: number) {
  return { shadow: { type: 'gogo_number', fields: { NUM: n } } };
}

function block(
  type: string,
  inputs?: ToolboxBlock['inputs'],
  fields?: ToolboxBlock['fields'],
): ToolboxBlock {
  return { kind: 'block', type, ...(inputs ? { inputs } : {}), ...(fields ? { fields } : {}) };
}

function category(id: string, contents: ToolboxBlock[] | string, style = id): ToolboxCategory {
  const base = {
    kind: 'category' as const,
    toolboxitemid: id,
    name: `%{BKY_GOGO_CATEGORY_${id.toUpperCase()}}`,
    categorystyle: `gogo_${style}`,
  };
  return typeof contents === 'string' ? { ...base, custom: contents } : { ...base, contents };
}

/** The toolbox for a board, with the categories of added extensions at the end. */
export function buildToolbox(
  profile: BoardProfile,
  extensions: readonly ToolboxCategory[] = [],
): Toolbox {
  const categories: ToolboxCategory[] = [
    category('control', [
      block('gogo_start'),
      block('gogo_forever'),
      block('gogo_repeat', { TIMES: num(10) }),
      block('gogo_if'),
      block('gogo_ifelse'),
      block('gogo_waituntil'),
      block('gogo_ifstatechange'),
      block('gogo_wait', { TIME: num(10) }),
      block('gogo_stopall'),
    ]),
    category('motors', [
      // One motor, as in the original Tinker blocks (`talk to motor` with A ticked): a
      // beginner's `turn on` drives the motor they plugged in, not every port.
      block('gogo_talkto', undefined, { PORTS: 'a' }),
      block('gogo_motor_on'),
      block('gogo_motor_off'),
      block('gogo_motor_onfor', { TIME: num(10) }),
      block('gogo_motor_direction'),
      block('gogo_setpower', { POWER: num(100) }),
      block('gogo_motor_state'),
      block('gogo_motor_power'),
    ]),
    category('servo', [
      block('gogo_servo_heading', { HEADING: num(20) }),
      block('gogo_servo_turn', { STEP: num(5) }),
    ]),
    category('sensors', [
      block('gogo_sensor'),
      block('gogo_readsensor', { PORT: num(1) }),
      block('gogo_switch'),
      block('gogo_readswitch', { PORT: num(1) }),
      block('gogo_ir'),
      block('gogo_newir'),
      ...(profile.serial ? [block('gogo_serial'), block('gogo_newserial')] : []),
    ]),
    category('operators', [
      block('gogo_number'),
      block('gogo_arithmetic', { A: num(0), B: num(0) }),
      block('gogo_compare', { A: num(0), B: num(0) }),
      block('gogo_logic'),
      block('gogo_not'),
      block('gogo_boolean'),
      block('gogo_random', { MAX: num(100) }),
      block('gogo_byte', { VALUE: num(0) }),
    ]),
    category('variables', VARIABLES_CATEGORY),
    category('procedures', PROCEDURES_CATEGORY),
    category('time', [
      block('gogo_timer'),
      block('gogo_resett'),
      block('gogo_settickrate', { RATE: num(10) }),
      block('gogo_tickcount'),
      block('gogo_cleartick'),
      block('gogo_rtc_init'),
      block('gogo_rtc_get'),
    ]),
    category('display', [
      block('gogo_show', { VALUE: num(0) }),
      block('gogo_show_text'),
      block('gogo_cls'),
      block('gogo_setpos', { POS: num(0) }),
      block('gogo_getpos'),
      block('gogo_display_select'),
    ]),
    category('sound', [
      block('gogo_beep'),
      block('gogo_voice'),
      block('gogo_voice_track', { TRACK: num(1) }),
    ]),
    category('lights', [block('gogo_led'), block('gogo_relay')]),
    category('data', [
      block('gogo_record', { VALUE: num(0) }),
      block('gogo_recall'),
      block('gogo_resetdp'),
      block('gogo_setdp', { POS: num(0) }),
      block('gogo_erase', { COUNT: num(100) }),
      ...(profile.cloudRecord
        ? [
            block('gogo_cloud_record', { VALUE: num(0) }),
            block('gogo_public_cloud_record', { VALUE: num(0) }),
          ]
        : []),
    ]),
  ];

  const messageBlocks = [
    ...(profile.messages
      ? [
          block('gogo_key_equals'),
          block('gogo_intkey'),
          block('gogo_clearkeys'),
          block('gogo_sendmessage', { VALUE: num(0) }),
          block('gogo_sendmessage_text'),
        ]
      : []),
    ...(profile.wirelessNode ? [block('gogo_talkto_node', { NODE: num(1) })] : []),
  ];
  if (messageBlocks.length > 0) categories.push(category('messages', messageBlocks));

  if (profile.raspberryPi) {
    categories.push(
      category('raspberry', [
        block('gogo_pi_camera'),
        block('gogo_pi_camera_on'),
        block('gogo_pi_find_face'),
        block('gogo_pi_finding_face'),
        block('gogo_pi_face_found'),
        block('gogo_pi_snapshot'),
        block('gogo_pi_play_sound'),
        block('gogo_pi_stop_sound'),
        block('gogo_pi_say'),
        block('gogo_pi_show_image'),
        block('gogo_pi_screen_tapped'),
        block('gogo_pi_new_record_file'),
        block('gogo_pi_record', { VALUE: num(0) }),
        block('gogo_pi_show_log_plot', { COUNT: num(0) }),
        block('gogo_pi_send_mail'),
        block('gogo_pi_use_sms'),
        block('gogo_pi_send_sms'),
        block('gogo_pi_rfid'),
        block('gogo_pi_rfid_beep'),
        block('gogo_pi_read_rfid'),
        block('gogo_pi_write_rfid', { VALUE: num(0) }),
        block('gogo_pi_rfid_tag_found'),
        block('gogo_pi_rfid_reader_found'),
      ]),
    );
  }

  categories.push(
    category('i2c', [
      block('gogo_i2c_write', { ADDRESS: num(80), REGISTER: num(0), VALUE: num(0) }),
      block('gogo_i2c_read', { ADDRESS: num(80), REGISTER: num(0) }),
    ]),
  );
  categories.push(...extensions);
  return { kind: 'categoryToolbox', contents: categories };
}

/** Every block type a toolbox offers directly (dynamic categories aside). */
export function toolboxBlockTypes(toolbox: Toolbox): string[] {
  return toolbox.contents.flatMap((c) => (c.contents ?? []).map((b) => b.type));
}
