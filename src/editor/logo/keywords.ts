// The words of GoGo Logo 1.3 (reference logo-and-bytecode §2.4). The generator keeps user
// names clear of them, and the text editor highlights them.

const words = (text: string): readonly string[] => text.trim().split(/\s+/);

/** Control words: structure, loops, conditions, procedures. */
export const LOGO_CONTROL = words(`
  to end forever repeat if ifelse ifstatechange waituntil wait stop output stopall set
`);

/** Commands and reporters of the board (motors, sensors, display, data, Pi...). */
export const LOGO_PRIMITIVES = words(`
  timer resett settickrate tickcount cleartick random lowbyte highbyte
  on off onfor thisway thatway cw ccw rd setpower talk_to_motor seth lt rt
  ison isoff isthisway isthatway getpower
  sensor1 sensor2 sensor3 sensor4 sensor5 sensor6 sensor7 sensor8
  switch1 switch2 switch3 switch4 switch5 switch6 switch7 switch8
  readsensor readswitch ir serial
  beep ledon ledoff show cls setpos getpos talk_to_7seg_1 talk_to_7seg_2 talk_to_lcd_1
  talk_to_lcd_2 rtc_init seconds minutes hours dow day month year
  play nexttrack prevtrack gototrack erasetracks
  record recall resetdp setdp erase i2cwrite i2cread
  usecamera closecamera startfindface stopfindface takesnapshot cameraison isfindingface
  sendmail usesms sendsms playsound stopsound showimage newrecordfile showlogplot
  userfid closerfid rfidbeep readrfid writerfid say key intkey clearkeys sendmessage talkto
  cloud public setanswer
`);

/** Operators spelled as words. */
export const LOGO_WORD_OPERATORS = words('and or xor not');

/**
 * Names a user program must not take: every word above, the entry-point names the generator
 * writes, and words of older or newer dialects that a compiler may treat specially.
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  ...LOGO_CONTROL,
  ...LOGO_PRIMITIVES,
  ...LOGO_WORD_OPERATORS,
  ...words('main autorun true false make local note send brake aset aget when whenoff eb db'),
  ...words('break message'),
]);

/**
 * Prefixes the 1.3 lexer reads as other tokens even inside a longer word (its operator and
 * special-token rules run before the name rule): `order` lexes as `or` + `der`, `n1` as a
 * node id, `apowerx` as `apower` + `x`, `talktome` as `talkto` + `me`.
 */
export const SHADOWING_PREFIX = /^(?:and|or|xor|not|talkto|n\d|[abcd]power)/i;

/**
 * Cloud record names: letters, digits and underscore, not starting with a digit (the Logo
 * input filter rejects anything else, spec core §5).
 */
export const CLOUD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * How many inputs the common words take in Logo 1.3 (the compiler's opcode table), for the
 * hint that names a word given too few or too many. Words that take lists are left out.
 */
export const LOGO_INPUTS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    words(`
      beep on off thisway thatway rd cw ccw resett cls ledon ledoff stop stopall resetdp
      timer ir recall
    `).map((w) => [w, 0]),
  ),
  ...Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [
      [`sensor${n}`, 0],
      [`switch${n}`, 0],
    ]),
  ),
  ...Object.fromEntries(
    words('onfor setpower wait seth lt rt record setdp erase random readsensor readswitch').map(
      (w) => [w, 1],
    ),
  ),
};
