// The signed-in classroom screens have no moderate, serious or critical accessibility
// violation (axe-core): a teacher's class, its people, the class list, a lesson and the
// gradebook; a student's class and the lesson pane beside the editor.
import { expect, test } from '@playwright/test';
import { violations } from './axe.ts';
import { newUser, unique } from './classroom-page.ts';

test('the signed-in classroom screens have no accessibility problem', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const tag = unique();
  const className = `Robotics ${tag}`;
  const lessonName = `Blink ${tag}`;
  const found: string[] = [];

  const teacher = await newUser(browser, baseURL);
  await teacher.signUp('Tina Teacher');
  const uuid = await teacher.createClass(className, 'We build robots.');
  found.push(...(await violations(teacher.page, 'teacher: class overview')));
  await teacher.openClass(uuid, 'people');
  await expect(teacher.page.getByText('Tina Teacher').first()).toBeVisible();
  found.push(...(await violations(teacher.page, 'teacher: class people')));
  await teacher.open('/classroom/class/my');
  await expect(teacher.page.getByText(className).first()).toBeVisible();
  found.push(...(await violations(teacher.page, 'teacher: class list')));
  await teacher.createLesson({
    name: lessonName,
    description: 'Turn it on.',
    logo: 'to main\nend',
  });
  found.push(...(await violations(teacher.page, 'teacher: lesson')));
  await teacher.addLessonToClass(className);
  const code = await teacher.accessCode(uuid);

  const student = await newUser(browser, baseURL);
  await student.signUp('Sam Student');
  await student.enroll(code);
  await student.openClass(uuid);
  await expect(student.page.getByTestId('class-lesson')).toContainText(lessonName);
  found.push(...(await violations(student.page, 'student: class')));
  await student.startLesson(lessonName);
  found.push(...(await violations(student.page, 'student: lesson pane')));

  await teacher.openClass(uuid, 'gradebook');
  await expect(teacher.page.getByText('Sam Student').first()).toBeVisible();
  found.push(...(await violations(teacher.page, 'teacher: gradebook')));
  expect(found).toEqual([]);
});
