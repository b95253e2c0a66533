// The example programs of the project examples page (spec core §2 "Project examples
// modal"), with their texts in the four interface languages. Programs are Blockly workspace
// XML in the editor's block vocabulary (src/editor/blocks on the editor branch).

export const EXAMPLE_LANGUAGES = ['gb', 'br', 'th', 'es'] as const;
export type ExampleLanguage = (typeof EXAMPLE_LANGUAGES)[number];

interface Texts {
  name: string;
  desc: string;
}

interface ExampleProgram {
  id: string;
  texts: Record<ExampleLanguage, Texts>;
  code: string;
}

const NS = 'https://developers.google.com/blockly/xml';
const num = (n: number) => `<block type="gogo_number"><field name="NUM">${n}</field></block>`;
const wait = (tenths: number, next = '') =>
  `<block type="gogo_wait"><value name="TIME">${num(tenths)}</value>${next && `<next>${next}</next>`}</block>`;
const led = (state: 'ledon' | 'ledoff', next = '') =>
  `<block type="gogo_led"><field name="STATE">${state}</field>${next && `<next>${next}</next>`}</block>`;
const beep = (next = '') => `<block type="gogo_beep">${next && `<next>${next}</next>`}</block>`;
const program = (body: string) =>
  `<xml xmlns="${NS}"><block type="gogo_start" x="40" y="40"><field name="AUTORUN">FALSE</field><statement name="DO">${body}</statement></block></xml>`;

const onFor = (dir: 'thisway' | 'thatway', tenths: number, next = '') =>
  `<block type="gogo_motor_direction"><field name="DIR">${dir}</field><next><block type="gogo_motor_onfor"><value name="TIME">${num(tenths)}</value>${next && `<next>${next}</next>`}</block></next></block>`;

export const EXAMPLES: ExampleProgram[] = [
  {
    id: 'hello',
    texts: {
      gb: { name: 'Hello, GoGo', desc: 'Beep, then light the LED for one second.' },
      br: { name: 'Olá, GoGo', desc: 'Apita e acende o LED por um segundo.' },
      th: { name: 'สวัสดี GoGo', desc: 'ส่งเสียงบี๊บ แล้วเปิดไฟ LED หนึ่งวินาที' },
      es: { name: 'Hola, GoGo', desc: 'Pita y enciende el LED durante un segundo.' },
    },
    code: program(beep(led('ledon', wait(10, led('ledoff'))))),
  },
  {
    id: 'blink',
    texts: {
      gb: { name: 'Blink forever', desc: 'Switch the LED on and off every half second.' },
      br: { name: 'Piscar sempre', desc: 'Liga e desliga o LED a cada meio segundo.' },
      th: { name: 'กะพริบไม่หยุด', desc: 'เปิดและปิดไฟ LED ทุกครึ่งวินาที' },
      es: { name: 'Parpadear siempre', desc: 'Enciende y apaga el LED cada medio segundo.' },
    },
    code: program(
      `<block type="gogo_forever"><statement name="DO">${led('ledon', wait(5, led('ledoff', wait(5))))}</statement></block>`,
    ),
  },
  {
    id: 'motor',
    texts: {
      gb: {
        name: 'Motor back and forth',
        desc: 'Turn motor A one way, then the other, three times.',
      },
      br: {
        name: 'Motor vai e volta',
        desc: 'Gira o motor A para um lado e para o outro, três vezes.',
      },
      th: { name: 'มอเตอร์หมุนไปกลับ', desc: 'หมุนมอเตอร์ A ไปทางหนึ่งแล้วกลับอีกทาง สามรอบ' },
      es: {
        name: 'Motor de ida y vuelta',
        desc: 'Gira el motor A hacia un lado y hacia el otro, tres veces.',
      },
    },
    code: program(
      `<block type="gogo_talkto"><field name="PORTS">a</field><next><block type="gogo_repeat"><value name="TIMES">${num(3)}</value><statement name="DO">${onFor('thisway', 20, onFor('thatway', 20))}</statement></block></next></block>`,
    ),
  },
  {
    id: 'light-alarm',
    texts: {
      gb: { name: 'Light alarm', desc: 'Beep whenever sensor 1 reads more than 500.' },
      br: { name: 'Alarme de luz', desc: 'Apita sempre que o sensor 1 marcar mais de 500.' },
      th: { name: 'สัญญาณเตือนแสง', desc: 'ส่งเสียงบี๊บเมื่อเซนเซอร์ 1 อ่านค่าได้มากกว่า 500' },
      es: { name: 'Alarma de luz', desc: 'Pita cada vez que el sensor 1 marque más de 500.' },
    },
    code: program(
      `<block type="gogo_forever"><statement name="DO"><block type="gogo_if"><value name="COND"><block type="gogo_compare"><field name="OP">GT</field><value name="A"><block type="gogo_sensor"><field name="PORT">1</field></block></value><value name="B">${num(500)}</value></block></value><statement name="DO">${beep(wait(5))}</statement></block></statement></block>`,
    ),
  },
];

export const PAGE_TEXTS: Record<
  ExampleLanguage,
  { lang: string; title: string; intro: string; open: string }
> = {
  gb: {
    lang: 'en',
    title: 'Project examples',
    intro: 'Pick an example to open it in the editor.',
    open: 'Open',
  },
  br: {
    lang: 'pt-BR',
    title: 'Exemplos de projetos',
    intro: 'Escolha um exemplo para abri-lo no editor.',
    open: 'Abrir',
  },
  th: {
    lang: 'th',
    title: 'ตัวอย่างโปรเจกต์',
    intro: 'เลือกตัวอย่างเพื่อเปิดในโปรแกรมแก้ไข',
    open: 'เปิด',
  },
  es: {
    lang: 'es',
    title: 'Ejemplos de proyectos',
    intro: 'Elige un ejemplo para abrirlo en el editor.',
    open: 'Abrir',
  },
};
