import * as Blockly from 'blockly/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_BOARDS } from '../../device/board-state.ts';
import { BoardType } from '../../device/connection-store.ts';
import { GOGO_BLOCK_TYPES } from '../blocks/index.ts';
import { setUpBlocks } from '../test-support.ts';
import { boardProfile, motorSets, portOptions, setActiveBoard } from './board-profile.ts';
import { buildToolbox, toolboxBlockTypes, type Toolbox } from './toolbox.ts';

const ALL_BOARDS = DISPLAY_BOARDS;

const toolboxFor = (board: number) => buildToolbox(boardProfile(board));
const categories = (toolbox: Toolbox) => toolbox.contents.map((c) => c.toolboxitemid);
const blocksOf = (toolbox: Toolbox, id: string) =>
  (toolbox.contents.find((c) => c.toolboxitemid === id)?.contents ?? []).map((b) => b.type);

beforeAll(setUpBlocks);
afterEach(() => setActiveBoard(BoardType.v7));

describe('toolbox rules', () => {
  it('offers Raspberry Pi blocks only for the Pi-topping', () => {
    for (const board of ALL_BOARDS) {
      expect(categories(toolboxFor(board)).includes('raspberry'), `board ${board}`).toBe(
        board === BoardType.fifth,
      );
    }
  });

  it('offers talk-to-node only for the wireless board, and messages where a Pi or network is', () => {
    expect(blocksOf(toolboxFor(BoardType.wireless), 'messages')).toEqual(['gogo_talkto_node']);
    expect(categories(toolboxFor(BoardType.original))).not.toContain('messages');
    for (const board of [BoardType.fifth, BoardType.v6, BoardType.bright, BoardType.v7]) {
      expect(blocksOf(toolboxFor(board), 'messages')).toContain('gogo_sendmessage');
    }
  });

  it('offers cloud record on the network boards and the serial port on the PIC boards', () => {
    for (const board of ALL_BOARDS) {
      const data = blocksOf(toolboxFor(board), 'data');
      const sensors = blocksOf(toolboxFor(board), 'sensors');
      const network = board >= BoardType.v6;
      expect(data.includes('gogo_cloud_record'), `board ${board}`).toBe(network);
      expect(sensors.includes('gogo_serial'), `board ${board}`).toBe(!network);
    }
  });

  it('gives boards 6, 7 and Bright 4 sensors and motors a and b, the others 8 and a–d', () => {
    expect(boardProfile(BoardType.v7)).toMatchObject({ sensors: 4, motors: ['a', 'b'] });
    expect(boardProfile(BoardType.bright)).toMatchObject({ sensors: 4, motors: ['a', 'b'] });
    expect(boardProfile(BoardType.v6)).toMatchObject({ sensors: 4, motors: ['a', 'b'] });
    expect(boardProfile(BoardType.fifth)).toMatchObject({
      sensors: 8,
      motors: ['a', 'b', 'c', 'd'],
    });
  });

  it('treats no board or an unknown board as GoGo 7, the default board', () => {
    expect(boardProfile(0)).toBe(boardProfile(BoardType.v7));
    expect(boardProfile(42)).toBe(boardProfile(BoardType.v7));
  });

  it('talks to motor a alone in the toolbox’s talk-to block, on every board', () => {
    const talk = (board: number) =>
      toolboxFor(board)
        .contents.flatMap((c) => c.contents ?? [])
        .find((b) => b.type === 'gogo_talkto');
    for (const board of ALL_BOARDS)
      expect(talk(board)?.fields, `board ${board}`).toEqual({ PORTS: 'a' });
  });

  it('puts every GoGo block within reach on some board', () => {
    const offered = new Set(ALL_BOARDS.flatMap((b) => toolboxBlockTypes(toolboxFor(b))));
    // These three live in the dynamic Variables and Procedures categories.
    for (const type of ['gogo_change_variable', 'gogo_output', 'gogo_stop']) offered.add(type);
    expect(GOGO_BLOCK_TYPES.filter((t) => !offered.has(t))).toEqual([]);
  });

  it('offers motor ports a–d on every board, the board’s default ports first', () => {
    const v7 = boardProfile(BoardType.v7);
    expect(portOptions('motor', v7)).toEqual(['a', 'b', 'c', 'd']);
    const sets = portOptions('motors', v7);
    expect(sets.slice(0, 3)).toEqual(['a', 'b', 'ab']);
    expect(sets).toHaveLength(15);
    expect(sets).toContain('cd');
    expect(portOptions('motors', boardProfile(BoardType.original))).toEqual(
      motorSets(['a', 'b', 'c', 'd']),
    );
  });

  it('lists motor sets singles first', () => {
    expect(motorSets(['a', 'b'])).toEqual(['a', 'b', 'ab']);
    expect(motorSets(['a', 'b', 'c', 'd'])).toHaveLength(15);
    expect(motorSets(['a', 'b', 'c', 'd']).slice(-1)).toEqual(['abcd']);
  });
});

describe('port dropdowns', () => {
  const options = (block: Blockly.Block, field: string) =>
    (block.getField(field) as Blockly.FieldDropdown)
      .getOptions(false)
      .map((o) => (o as string[])[1]);

  it('offer the chosen board’s ports', () => {
    const workspace = new Blockly.Workspace();
    setActiveBoard(BoardType.v7);
    const sensor = workspace.newBlock('gogo_sensor');
    expect(options(sensor, 'PORT')).toEqual(['1', '2', '3', '4']);
    setActiveBoard(BoardType.fifth);
    expect(options(sensor, 'PORT')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    workspace.dispose();
  });

  it('keep a port the chosen board lacks, so opening a program never changes it', () => {
    const workspace = new Blockly.Workspace();
    setActiveBoard(BoardType.v7);
    const sensor = workspace.newBlock('gogo_sensor');
    sensor.setFieldValue('7', 'PORT');
    expect(sensor.getFieldValue('PORT')).toBe('7');
    expect(options(sensor, 'PORT')).toEqual(['1', '2', '3', '4', '7']);
    const talk = workspace.newBlock('gogo_talkto');
    talk.setFieldValue('cd', 'PORTS');
    expect(talk.getFieldValue('PORTS')).toBe('cd');
    workspace.dispose();
  });

  it('refuse values that are no port', () => {
    const workspace = new Blockly.Workspace();
    const sensor = workspace.newBlock('gogo_sensor');
    sensor.setFieldValue('9', 'PORT');
    expect(sensor.getFieldValue('PORT')).toBe('1');
    workspace.dispose();
  });
});
